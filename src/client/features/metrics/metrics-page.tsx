// Runtime metrics: GET management/jhimetrics and management/threaddump together; "Updating..." while
// they load; each section only when its data is present. Cache and datasource figures are those of the server process
// that answered (each process has its own memory and connection pool).
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { CacheSection } from './cache-section';
import { DatasourceSection } from './datasource-section';
import { EndpointsSection } from './endpoints-section';
import { GcSection } from './gc-section';
import { HttpSection } from './http-section';
import { MemorySection } from './memory-section';
import { hasEntries, type Metrics, type ThreadInfo } from './metrics-types';
import { SystemSection } from './system-section';
import { ThreadsSection } from './threads-section';

export function MetricsPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const metricsLoad = useResource<Metrics | null>(['metrics'], async (signal) => {
    const { data } = await http.get<Metrics>('management/jhimetrics', { signal });
    return data && typeof data === 'object' ? data : null;
  });
  const threadsLoad = useResource<ThreadInfo[] | null>(['threads'], async (signal) => {
    const { data } = await http.get<{ threads?: ThreadInfo[] }>('management/threaddump', { signal });
    return Array.isArray(data?.threads) ? data.threads : null;
  });
  const metrics = metricsLoad.data;
  const threads = threadsLoad.data;
  const loading = metricsLoad.loading || threadsLoad.loading;
  const refresh = () => {
    metricsLoad.reload();
    threadsLoad.reload();
  };

  const requests = metrics?.['http.server.requests'];
  return (
    <section className="entity-page metrics-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('metrics.title')}</h1>
        <button type="button" className="button button--primary" onClick={refresh} disabled={loading}>
          {t('metrics.refresh.button')}
        </button>
      </header>
      {loading && <p className="metrics-page__updating" role="status">{t('metrics.updating')}</p>}
      {metricsLoad.error !== undefined && <LoadError error={metricsLoad.error} onRetry={metricsLoad.retry} />}
      {threadsLoad.error !== undefined && <LoadError error={threadsLoad.error} onRetry={threadsLoad.retry} />}
      {hasEntries(metrics?.jvm) && <MemorySection jvm={metrics!.jvm!} />}
      {threads && threads.length > 0 && <ThreadsSection threads={threads} />}
      {hasEntries(metrics?.processMetrics) && <SystemSection process={metrics!.processMetrics!} />}
      {hasEntries(metrics?.garbageCollector) && <GcSection gc={metrics!.garbageCollector!} />}
      {requests && hasEntries(requests.percode) && <HttpSection all={requests.all?.count ?? 0} percode={requests.percode!} />}
      {hasEntries(metrics?.services) && <EndpointsSection services={metrics!.services!} />}
      {hasEntries(metrics?.cache) && <CacheSection caches={metrics!.cache!} />}
      {hasEntries(metrics?.databases) && <DatasourceSection pool={metrics!.databases!} />}
    </section>
  );
}
