// What an opened operation shows: its description, who may call it, its parameters, request body and answers, and
// the "try it out" form.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { InlineText } from './inline-text';
import type { ApiOperation } from './openapi-model';
import type { OpenApiDocument } from './openapi-types';
import { permissionText } from './permission-text';
import { SchemaField, SchemaView } from './schema-view';
import { TryItOut } from './try-it-out';

interface Props {
  op: ApiOperation;
  doc: OpenApiDocument;
  serverUrl: string | undefined;
}

const NO_CHAIN: string[] = [];

function Parameters({ op, doc }: Omit<Props, 'serverUrl'>): ReactNode {
  const t = useT();
  if (op.parameters.length === 0) return null;
  return (
    <section className="api-docs__section">
      <h3 className="api-docs__section-title">{t('apiDocs.parameters.title')}</h3>
      <div className="data-table">
        <table className="data-table__table">
          <thead>
            <tr>
              <th scope="col" className="data-table__header">{t('apiDocs.parameters.name')}</th>
              <th scope="col" className="data-table__header">{t('apiDocs.parameters.in')}</th>
              <th scope="col" className="data-table__header">{t('apiDocs.parameters.type')}</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in}:${p.name}`} className="data-table__row">
                <td className="data-table__cell">
                  <code>{p.name}</code>
                  {(p.required || p.in === 'path') && <span className="schema-view__required">{t('apiDocs.schema.required')}</span>}
                </td>
                <td className="data-table__cell">{t(`apiDocs.parameters.location.${['path', 'query', 'header', 'cookie'].includes(p.in) ? p.in : 'query'}`)}</td>
                <td className="data-table__cell">
                  <SchemaField doc={doc} schema={p.schema} chain={NO_CHAIN} />
                  {p.description && <InlineText text={p.description} className="api-docs__note" />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Responses({ op, doc }: Omit<Props, 'serverUrl'>): ReactNode {
  const t = useT();
  return (
    <section className="api-docs__section">
      <h3 className="api-docs__section-title">{t('apiDocs.responses.title')}</h3>
      <ul className="api-docs__responses">
        {op.responses.map((r) => (
          <li key={r.status} className="api-docs__response">
            <span className={`api-docs__status-code api-docs__status-code--${r.status[0]}xx`}>{r.status}</span>
            <div className="api-docs__response-body">
              <InlineText text={r.description} className="api-docs__note" />
              {r.headers.length > 0 && (
                <p className="api-docs__note">{t('apiDocs.responses.headers', { names: r.headers.map((h) => h.name).join(', ') })}</p>
              )}
              {r.schema && <SchemaField doc={doc} schema={r.schema} chain={NO_CHAIN} />}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OperationDetails({ op, doc, serverUrl }: Props): ReactNode {
  const t = useT();
  return (
    <div className="api-docs__details">
      <InlineText text={op.description} />
      <p className="api-docs__access">
        <strong>{t('apiDocs.access.title')}</strong> {permissionText(t, op.permission)}
      </p>
      <Parameters op={op} doc={doc} />
      {op.body && (
        <section className="api-docs__section">
          <h3 className="api-docs__section-title">
            {t('apiDocs.body.title')} <code className="api-docs__content-type">{op.body.contentType}</code>
          </h3>
          <InlineText text={op.body.description} className="api-docs__note" />
          <SchemaView doc={doc} schema={op.body.schema} />
        </section>
      )}
      <Responses op={op} doc={doc} />
      <TryItOut op={op} doc={doc} serverUrl={serverUrl} />
    </div>
  );
}
