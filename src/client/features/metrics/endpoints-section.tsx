// Per endpoint and method: request count and mean duration.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ms } from './metrics-format';
import type { Timing } from './metrics-types';

export function EndpointsSection({ services }: { services: Record<string, Record<string, Timing>> }): ReactNode {
  const t = useT();
  const rows = Object.entries(services).flatMap(([uri, methods]) => Object.entries(methods).map(([method, timing]) => ({ uri, method, timing })));
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
            {rows.map(({ uri, method, timing }) => (
              <tr key={`${method} ${uri}`}>
                <td>{method}</td>
                <td className="metrics-endpoints__uri">{uri}</td>
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
