// Per endpoint and method: request count and mean duration; the static files together in one row per method.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { endpointRows } from './endpoint-rows';
import { ms } from './metrics-format';
import type { Timing } from './metrics-types';

export function EndpointsSection({ services }: { services: Record<string, Record<string, Timing>> }): ReactNode {
  const t = useT();
  const rows = endpointRows(services);
  return (
    <section className="metrics-section">
      <h2>{t('metrics.endpoints.title')}</h2>
      <div className="data-table">
        <table className="data-table__table metrics-endpoints">
          <thead>
            <tr>
              <th>{t('metrics.endpoints.method')}</th>
              <th>{t('metrics.endpoints.uri')}</th>
              <th>{t('metrics.endpoints.count')}</th>
              <th>{t('metrics.endpoints.mean')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ uri, method, timing, files }) => (
              <tr key={`${method} ${uri ?? '*'}`}>
                <td>{method}</td>
                <td className="metrics-endpoints__uri">{uri ?? t('metrics.endpoints.staticAssets', { count: files })}</td>
                <td>{timing.count}</td>
                <td>{ms(timing.mean)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
