// One operation: a row with method, path and summary that opens onto its details (rendered only while open).
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { useT } from '../../lib/i18n-react';
import type { ApiOperation } from './openapi-model';
import type { OpenApiDocument } from './openapi-types';
import { OperationDetails } from './operation-details';

export function OperationPanel({ op, doc, serverUrl }: { op: ApiOperation; doc: OpenApiDocument; serverUrl: string | undefined }): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <article className={`api-docs__operation api-docs__operation--${op.method}`}>
      <button
        type="button"
        className="api-docs__operation-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-operation={op.key}
        onClick={() => setOpen((v) => !v)}
      >
        <span className={`api-docs__method api-docs__method--${op.method}`}>{op.method.toUpperCase()}</span>
        <code className="api-docs__path">{op.path}</code>
        <span className="api-docs__summary">{op.summary}</span>
        {op.isPublic && <Badge tone="info">{t('apiDocs.public')}</Badge>}
        {op.deprecated && <Badge tone="warning">{t('apiDocs.deprecated')}</Badge>}
      </button>
      {open && (
        <div id={id}>
          <OperationDetails op={op} doc={doc} serverUrl={serverUrl} />
        </div>
      )}
    </article>
  );
}
