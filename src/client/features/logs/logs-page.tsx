// Loggers: a filter (200 ms debounce), a table sorted in the browser by name or level, level buttons per
// row (PUT management/logs, then the list reloads), 20 rows at first and a load-more control.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DataTable, sortRows, useSortParam, type Column, type SortState } from '../../components/data-table';
import { TextField } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { LoadMore } from '../../components/load-more';
import { PAGE_SIZE } from '../../components/pagination';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useDebouncedValue } from '../../components/use-debounced';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { LevelButtons } from './level-buttons';
import { LOG_LEVELS, matchesFilter, shortName, type LoggerVM } from './logger-filter';

const DEFAULT_SORT: SortState = { field: 'name', ascending: true };
const levelRank = (level: string) => (LOG_LEVELS as readonly string[]).indexOf(level);

export function LogsPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const [sort] = useSortParam(DEFAULT_SORT);
  const loaded = useResource(['loggers'], async (signal) => {
    const { data } = await http.get<LoggerVM[]>('management/logs', { signal });
    return Array.isArray(data) ? data : [];
  });
  const loggers = loaded.data;
  const [filter, setFilter] = useState('');
  const debouncedFilter = useDebouncedValue(filter, 200);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [changing, setChanging] = useState<string | null>(null);

  useEffect(() => setShown(PAGE_SIZE), [debouncedFilter]);

  const changeLevel = async (name: string, level: string) => {
    setChanging(name);
    try {
      await http.put('management/logs', { body: { name, level } });
      loaded.reload();
    } catch {
      // the alert area already reports the failure
    } finally {
      setChanging(null);
    }
  };

  const visible = useMemo(() => {
    const matching = (loggers ?? []).filter((logger) => matchesFilter(logger.name, debouncedFilter));
    return sortRows(matching, sort, (row, field) => (field === 'level' ? levelRank(row.level) : row.name));
  }, [loggers, debouncedFilter, sort]);

  const columns: Column<LoggerVM>[] = [
    { key: 'name', header: t('logs.table.name'), sortField: 'name', render: (l) => <span title={l.name}>{shortName(l.name)}</span>, className: 'logs-page__name' },
    {
      key: 'level',
      header: t('logs.table.level'),
      sortField: 'level',
      render: (l) => <LevelButtons name={l.name} level={l.level} disabled={changing !== null || loaded.loading} onChange={(level) => void changeLevel(l.name, level)} />,
    },
  ];

  return (
    <section className="entity-page logs-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('logs.title')}</h1>
      </header>
      <p>{t('logs.nbloggers', { total: loggers?.length ?? 0 })}</p>
      <TextField label={t('logs.filter')} name="filter" type="search" value={filter} onChange={setFilter} autoComplete="off" />
      {loaded.error !== undefined ? (
        <LoadError error={loaded.error} onRetry={loaded.retry} />
      ) : (
        <DataTable columns={columns} rows={visible.slice(0, shown)} rowKey={(l) => l.name} defaultSort={DEFAULT_SORT} loading={loggers === undefined} />
      )}
      {loggers && <LoadMore shown={Math.min(shown, visible.length)} total={visible.length} onLoadMore={() => setShown((n) => n + PAGE_SIZE)} />}
    </section>
  );
}
