// The answer to a "try it out" request: what was sent, the status, the headers that matter in this API (paging,
// alerts, errors, where a created entity is) and the body, pretty-printed.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';

export interface TryOutcome {
  method: string;
  url: string;
  /** null: nothing answered. */
  status: number | null;
  headers?: Headers;
  body?: unknown;
  ms: number;
}

const SHOWN_HEADERS = [
  'Content-Type', 'X-Total-Count', 'Link', 'Location', 'X-managementPortalApp-alert', 'X-managementPortalApp-error',
  'X-managementPortalApp-params', 'WWW-Authenticate', 'Allow',
];
export const BODY_LIMIT = 200_000;

export function prettyBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') return body;
  return JSON.stringify(body, null, 2);
}

export function TryResult({ outcome }: { outcome: TryOutcome }): ReactNode {
  const t = useT();
  const text = prettyBody(outcome.body);
  const headers = SHOWN_HEADERS.map((name) => [name, outcome.headers?.get(name)] as const).filter(([, value]) => value);
  const tone = outcome.status !== null && outcome.status < 400 ? 'ok' : 'error';
  return (
    <section className="api-docs__result" aria-live="polite">
      <h4 className="api-docs__result-title">{t('apiDocs.try.request')}</h4>
      <code className="api-docs__request-line">{`${outcome.method} ${outcome.url}`}</code>
      <h4 className="api-docs__result-title">{t('apiDocs.try.response')}</h4>
      {outcome.status === null ? (
        <p className="api-docs__status api-docs__status--error">{t('apiDocs.try.noAnswer')}</p>
      ) : (
        <p className={`api-docs__status api-docs__status--${tone}`} data-status={outcome.status}>
          {t('apiDocs.try.status', { status: outcome.status })} <span className="api-docs__note">{t('apiDocs.try.time', { ms: Math.round(outcome.ms) })}</span>
        </p>
      )}
      {headers.length > 0 && (
        <dl className="api-docs__headers" aria-label={t('apiDocs.try.headers')}>
          {headers.map(([name, value]) => (
            <div key={name} className="api-docs__header">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {outcome.status !== null && (
        <>
          <h4 className="api-docs__result-title">{t('apiDocs.try.responseBody')}</h4>
          {text === '' ? (
            <p className="api-docs__note">{t('apiDocs.try.empty')}</p>
          ) : (
            <pre className="api-docs__response-text">
              <code>{text.length > BODY_LIMIT ? text.slice(0, BODY_LIMIT) : text}</code>
            </pre>
          )}
          {text.length > BODY_LIMIT && <p className="api-docs__note">{t('apiDocs.try.truncated', { shown: BODY_LIMIT, total: text.length })}</p>}
        </>
      )}
    </section>
  );
}
