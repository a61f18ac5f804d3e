// A schema, readably: its type, constraints and description, then its fields, each of which opens onto its own
// fields on demand (so a large DTO graph is only rendered as far as someone reads it). A schema that contains itself
// is shown by name where it recurs.
import { useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import type { OpenApiDocument, SchemaObject } from './openapi-types';
import { describeSchema, type Constraint, type SchemaSummary } from './schema-summary';

interface FieldProps {
  doc: OpenApiDocument;
  schema: SchemaObject | undefined;
  chain: string[];
  name?: string;
  required?: boolean;
  /** Opened at first (the top level of a body or response). */
  initiallyOpen?: boolean;
}

function Constraints({ list }: { list: Constraint[] }): ReactNode {
  const t = useT();
  if (list.length === 0) return null;
  return (
    <span className="schema-view__constraints">
      {list.map((c) => t(`apiDocs.schema.${c.kind}`, { value: c.value ?? '' })).join(' · ')}
    </span>
  );
}

function Fields({ doc, summary }: { doc: OpenApiDocument; summary: SchemaSummary }): ReactNode {
  const t = useT();
  return (
    <>
      {summary.properties.length > 0 && (
        <ul className="schema-view__fields">
          {summary.properties.map((p) => (
            <li key={p.name}>
              <SchemaField doc={doc} schema={p.schema} chain={summary.chain} name={p.name} required={p.required} />
            </li>
          ))}
        </ul>
      )}
      {summary.variants.length > 0 && (
        <>
          <p className="schema-view__note">{t('apiDocs.schema.oneOf')}</p>
          <ul className="schema-view__fields">
            {summary.variants.map((variant, i) => (
              <li key={i}>
                <SchemaField doc={doc} schema={variant} chain={summary.chain} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function SchemaField({ doc, schema, chain, name, required = false, initiallyOpen = false }: FieldProps): ReactNode {
  const t = useT();
  const summary = useMemo(() => describeSchema(doc, schema, chain), [doc, schema, chain]);
  const [open, setOpen] = useState(initiallyOpen);
  const nested = !summary.cycle && (summary.properties.length > 0 || summary.variants.length > 0);
  const label = name ?? summary.type;
  return (
    <div className="schema-view__field">
      {name && <code className="schema-view__name">{name}</code>}
      {required && <span className="schema-view__required">{t('apiDocs.schema.required')}</span>}
      <code className="schema-view__type">{summary.type}</code>
      {summary.cycle && <span className="schema-view__note">{t('apiDocs.schema.cycle')}</span>}
      <Constraints list={summary.constraints} />
      {summary.description && <span className="schema-view__description">{summary.description}</span>}
      {nested && (
        <button
          type="button"
          className="button button--link button--small schema-view__toggle"
          aria-expanded={open}
          aria-label={t(open ? 'apiDocs.schema.collapseOf' : 'apiDocs.schema.expandOf', { name: label })}
          onClick={() => setOpen((v) => !v)}
        >
          {t(open ? 'apiDocs.schema.collapse' : 'apiDocs.schema.expand')}
        </button>
      )}
      {open && nested && <Fields doc={doc} summary={summary} />}
    </div>
  );
}

const NO_CHAIN: string[] = [];

/** The top of a request or response body: its fields shown at once. */
export function SchemaView({ doc, schema }: { doc: OpenApiDocument; schema: SchemaObject | undefined }): ReactNode {
  return (
    <div className="schema-view">
      <SchemaField doc={doc} schema={schema} chain={NO_CHAIN} initiallyOpen />
    </div>
  );
}
