// The operations of one tag, behind a heading that opens and closes them. Closed, none of them is rendered, so a
// long document costs one heading per tag.
import { useId, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { InlineText } from './inline-text';
import type { TagGroup } from './openapi-model';
import type { OpenApiDocument } from './openapi-types';
import { OperationPanel } from './operation-panel';

interface Props {
  group: TagGroup;
  open: boolean;
  onToggle: () => void;
  doc: OpenApiDocument;
  serverUrl: string | undefined;
}

export function TagSection({ group, open, onToggle, doc, serverUrl }: Props): ReactNode {
  const t = useT();
  const id = useId();
  return (
    <section className="api-docs__tag" aria-label={group.name}>
      <h2 className="api-docs__tag-title">
        <button type="button" className="api-docs__tag-toggle" aria-expanded={open} aria-controls={open ? id : undefined} onClick={onToggle}>
          <span className="api-docs__tag-name">{group.name}</span>
          <span className="api-docs__count">{t('apiDocs.operations', { count: group.operations.length })}</span>
        </button>
      </h2>
      <InlineText text={group.description} className="api-docs__note" />
      {open && (
        <ul id={id} className="api-docs__operations">
          {group.operations.map((op) => (
            <li key={op.key}>
              <OperationPanel op={op} doc={doc} serverUrl={serverUrl} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
