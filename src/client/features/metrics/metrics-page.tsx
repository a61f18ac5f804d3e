// Runtime metrics (spec 000 §2): GET management/jhimetrics and management/threaddump together; "Updating..." while
// they load; each section only when its data is present. Cache and datasource figures are those of the server process
// that answered (each process has its own memory and connection pool).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
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
  const scope = useAbortScope();
  const [metrics, setMetrics] = useState<Metrics | null>(null);
  const [threads, setThreads] = useState<ThreadInfo[] | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(() => {
    setLoading(true);
    const metricsRequest = http.get<Metrics>('management/jhimetrics', { signal: scope.takeLatest('metrics') }).then(
      ({ data }) => setMetrics(data && typeof data === 'object' ? data : null),
      (error) => { if (!isAbortError(error)) setMetrics(null); throw error; },
    );
    const threadRequest = http.get<{ threads?: ThreadInfo[] }>('management/threaddump', { signal: scope.takeLatest('threads') }).then(
      ({ data }) => setThreads(Array.isArray(data?.threads) ? data.threads : null),
      (error) => { if (!isAbortError(error)) setThreads(null); throw error; },
    );
    Promise.allSettled([metricsRequest, threadRequest]).then((results) => {
      const aborted = results.some((r) => r.status === 'rejected' && isAbortError(r.reason));
      if (!aborted) setLoading(false);
    });
  }, [http, scope]);

  useEffect(refresh, [refresh]);

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
