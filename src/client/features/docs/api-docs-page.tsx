// The embedded API documentation: the server's OpenAPI document, found through
// api-docs/swagger-config as swagger-ui would, shown as operations grouped by tag with a filter, each opening onto
// its parameters, bodies, answers, required permission and a "try it out" form. Hand-rolled: no swagger-ui.
import { useMemo, useState, type ReactNode } from 'react';
import { TextField } from '../../components/form';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useDebouncedValue } from '../../components/use-debounced';
import { useT, type Translate } from '../../lib/i18n-react';
import { InlineText } from './inline-text';
import { groupByTag, matchesFilter } from './openapi-model';
import { TagSection } from './tag-section';
import { useApiDocs, type DocsFailure } from './use-api-docs';

function failureText(t: Translate, failure: DocsFailure): string {
  if (failure.kind === 'status') return failure.status === 404 ? t('apiDocs.error.notEnabled') : t('apiDocs.error.status', { status: failure.status });
  return t(`apiDocs.error.${failure.kind}`);
}

export function ApiDocsPage(_props: PageProps): ReactNode {
  const t = useT();
  const state = useApiDocs();
  const [filter, setFilter] = useState('');
  const settledFilter = useDebouncedValue(filter, 150);
  const [openTags, setOpenTags] = useState<Record<string, boolean>>({});

  const ready = state.status === 'ready' ? state : null;
  const groups = useMemo(
    () => (ready ? groupByTag(ready.doc, ready.operations.filter((op) => matchesFilter(op, settledFilter))) : []),
    [ready, settledFilter],
  );
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);
  // A filter opens every group that still has operations; a heading's own toggle wins over that.
  const isOpen = (name: string) => openTags[name] ?? settledFilter.trim() !== '';
  // Until the typed filter settles, the list below still shows the previous one and is about to move: say so
  // (assistive technology waits for the count, and a test waits before it clicks into the list).
  const filterPending = filter !== settledFilter;

  return (
    <section className="entity-page api-docs">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('global.menu.admin.apidocs')}</h1>
      </header>
      {state.status === 'loading' && <p role="status">{t('apiDocs.loading')}</p>}
      {state.status === 'error' && <LoadError error={undefined} onRetry={state.retry} message={failureText(t, state.failure)} />}
      {ready && (
        <>
          <div className="api-docs__intro">
            {ready.doc.info?.title && (
              <p className="api-docs__title">
                <strong>{ready.doc.info.title}</strong>
                {ready.doc.info.version && <span className="api-docs__note"> {t('apiDocs.version', { version: ready.doc.info.version })}</span>}
              </p>
            )}
            <InlineText text={ready.doc.info?.description} className="api-docs__note" />
          </div>
          <TextField
            label={t('apiDocs.filter')}
            hint={t('apiDocs.filterHint')}
            name="filter"
            type="search"
            value={filter}
            onChange={setFilter}
            autoComplete="off"
          />
          <div className="api-docs__results" aria-busy={filterPending}>
            <p className="api-docs__note" aria-live="polite">
              {t('apiDocs.shown', { shown, total: ready.operations.length })}
            </p>
            {groups.length === 0 && <p>{t('apiDocs.noMatch')}</p>}
            {groups.map((group) => (
              <TagSection
                key={group.name}
                group={group}
                open={isOpen(group.name)}
                onToggle={() => setOpenTags((current) => ({ ...current, [group.name]: !isOpen(group.name) }))}
                doc={ready.doc}
                serverUrl={ready.doc.servers?.[0]?.url}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
