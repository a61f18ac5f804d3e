// HTTP requests: the total and, per status code, count, mean and max duration.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ms } from './metrics-format';
import type { Timing } from './metrics-types';

export function HttpSection({ all, percode }: { all: number; percode: Record<string, Timing> }): ReactNode {
  const t = useT();
  return (
    <section className="metrics-section">
      <h2>{t('metrics.http.title', { total: all })}</h2>
      <div className="data-table">
        <table className="data-table__table metrics-http">
          <thead>
            <tr>
              <th>{t('metrics.http.code')}</th>
              <th>{t('metrics.http.count')}</th>
              <th>{t('metrics.http.mean')}</th>
              <th>{t('metrics.http.max')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(percode).map(([code, timing]) => (
              <tr key={code}>
                <td>{code}</td>
                <td>{timing.count}</td>
                <td>{ms(timing.mean)}</td>
                <td>{ms(timing.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
