// Health: one row per component with an UP (green) or other (red) badge and a details button, and a
// refresh button. A 503 answer carries the same body and is shown as data, not as a failure.
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useAlerts, useHttp } from '../../components/services-react';
import { alertForHttpError } from '../../lib/http-error-alerts';
import { ApiError } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { HealthDetails } from './health-details';
import { componentLabel, healthStatusLabel } from './health-labels';
import { isHealth, type Health } from './health-types';

export function HealthPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const [selected, setSelected] = useState<string | null>(null);
  const loaded = useResource(['health'], async (signal) => {
    try {
      const { data } = await http.get<Health>('management/health', { signal, silent: true });
      return isHealth(data) ? data : null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 503 && isHealth(error.body)) return error.body;
      // Any other failure is reported as the http layer would have (the request was silent for the 503 case).
      if (!signal.aborted) alertForHttpError(error).forEach((alert) => alerts.add(alert));
      throw error;
    }
  });
  const health = loaded.data;
  const loading = loaded.loading;
  const refresh = loaded.reload;

  const components = Object.entries(health?.components ?? {});
  const selectedComponent = selected ? health?.components?.[selected] : undefined;

  return (
    <section className="entity-page health-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('health.title')}</h1>
        <button type="button" className="button button--primary" onClick={refresh} disabled={loading}>
          {t('health.refresh.button')}
        </button>
      </header>
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {health && (
        <p className="health-page__overall">
          {t('health.overall')} <StatusBadge status={health.status} />
        </p>
      )}
      <div className="data-table">
        <table className="data-table__table" aria-busy={loading}>
          <thead>
            <tr>
              <th>{t('health.table.service')}</th>
              <th>{t('health.table.status')}</th>
              <th>{t('health.details.details')}</th>
            </tr>
          </thead>
          <tbody>
            {components.map(([name, component]) => (
              <tr key={name}>
                <td title={name}>{componentLabel(t, name)}</td>
                <td><StatusBadge status={component.status} /></td>
                <td>
                  {(component.details || component.error) && (
                    <button type="button" className="button button--link button--small" onClick={() => setSelected(name)} aria-label={t('health.details.open', { name: componentLabel(t, name) })}>
                      {t('health.details.details')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected && selectedComponent && <HealthDetails name={selected} component={selectedComponent} onClose={() => setSelected(null)} />}
    </section>
  );
}

function StatusBadge({ status }: { status: string }): ReactNode {
  const t = useT();
  return <Badge tone={status === 'UP' ? 'success' : 'danger'}>{healthStatusLabel(t, status)}</Badge>;
}
