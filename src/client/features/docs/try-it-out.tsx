// "Try it out": a form for the operation's path and query parameters and its body, sent through the app's http
// wrapper, so the session cookie and the X-XSRF-TOKEN header go along exactly as for the app's own requests. The
// answer is shown whatever its status (no alert, and a 401 does not sign the app out).
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextArea, TextField } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { isAbortError, isApiError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { bodyTemplate } from './example-value';
import type { ApiOperation } from './openapi-model';
import type { OpenApiDocument } from './openapi-types';
import { buildRequest, isProblem, type TryProblem } from './request-builder';
import { TryResult, type TryOutcome } from './try-result';

interface Props {
  op: ApiOperation;
  doc: OpenApiDocument;
  serverUrl: string | undefined;
}

export function TryItOut({ op, doc, serverUrl }: Props): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const [active, setActive] = useState(false);
  const [params, setParams] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() => (op.body ? bodyTemplate(doc, op.body.contentType, op.body.schema, op.method) : ''));
  const [problem, setProblem] = useState<TryProblem | null>(null);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<TryOutcome | null>(null);
  const fields = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');

  if (!active) {
    return (
      <div className="api-docs__try">
        <button type="button" className="button button--secondary" onClick={() => setActive(true)}>
          {t('apiDocs.try.open')}
        </button>
      </div>
    );
  }

  const execute = async (event: FormEvent) => {
    event.preventDefault();
    const request = buildRequest(op, serverUrl, { params, body });
    setProblem(isProblem(request) ? request : null);
    if (isProblem(request)) return;
    const method = op.method.toUpperCase();
    const url = http.url(request.url, request.options.query);
    const started = performance.now();
    setRunning(true);
    try {
      const response = await http[op.method](request.url, { ...request.options, signal: scope.takeLatest('try') });
      setOutcome({ method, url, status: response.status, headers: response.headers, body: response.data, ms: performance.now() - started });
    } catch (error) {
      if (isAbortError(error)) return;
      const ms = performance.now() - started;
      setOutcome(isApiError(error) ? { method, url, status: error.status, headers: error.headers, body: error.body, ms } : { method, url, status: null, ms });
    } finally {
      setRunning(false);
    }
  };

  return (
    <form className="api-docs__try" onSubmit={(event) => void execute(event)} noValidate>
      <p className="api-docs__note">{t('apiDocs.try.warning')}</p>
      {fields.map((p) => {
        const key = `${p.in}:${p.name}`;
        const fallback = p.schema?.default;
        return (
          <TextField
            key={key}
            label={`${p.name} (${t(`apiDocs.parameters.location.${p.in}`)})`}
            name={`${p.in}-${p.name}`}
            required={p.required || p.in === 'path'}
            value={params[key] ?? ''}
            placeholder={fallback === undefined ? undefined : String(fallback)}
            autoComplete="off"
            onChange={(value) => setParams((current) => ({ ...current, [key]: value }))}
          />
        );
      })}
      {op.body && (
        <TextArea
          label={t('apiDocs.try.body')}
          name="body"
          rows={Math.min(16, Math.max(4, body.split('\n').length))}
          hint={op.body.contentType}
          className="api-docs__body-input"
          spellCheck={false}
          value={body}
          onChange={setBody}
        />
      )}
      {problem && (
        <p role="alert" className="api-docs__problem">
          {problem.kind === 'missingParam' ? t('apiDocs.try.missingParam', { name: problem.name }) : t('apiDocs.try.invalidJson', { detail: problem.detail })}
        </p>
      )}
      <div className="api-docs__try-actions">
        <button type="submit" className="button button--primary" disabled={running}>
          {running ? t('apiDocs.try.executing') : t('apiDocs.try.execute')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => { setActive(false); setOutcome(null); setProblem(null); }}>
          {t('apiDocs.try.cancel')}
        </button>
      </div>
      {outcome && <TryResult outcome={outcome} />}
    </form>
  );
}
