// The database connection pool of the server process: active, min, max, idle (and waiting callers) with a bar for the
// share in use, then count, mean, min, percentiles and max of acquiring, creating and using a connection.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ms, ratio } from './metrics-format';
import type { Datasource, TimerFigures } from './metrics-types';
import { Progress } from './progress';

const TIMERS = ['acquire', 'creation', 'usage'] as const;
const COLUMNS: [string, (f: TimerFigures) => string][] = [
  ['count', (f) => String(f.count ?? 0)],
  ['mean', (f) => ms(f.mean ?? 0)],
  ['min', (f) => ms(f['0.0'] ?? 0)],
  ['p50', (f) => ms(f['0.5'] ?? 0)],
  ['p75', (f) => ms(f['0.75'] ?? 0)],
  ['p95', (f) => ms(f['0.95'] ?? 0)],
  ['p99', (f) => ms(f['0.99'] ?? 0)],
  ['max', (f) => ms(f.max ?? 0)],
];

export function DatasourceSection({ pool }: { pool: Datasource }): ReactNode {
  const t = useT();
  const gauges = {
    active: pool.active?.value ?? 0,
    min: pool.min?.value ?? 0,
    max: pool.max?.value ?? 0,
    idle: pool.idle?.value ?? 0,
    pending: pool.pending?.value ?? 0,
  };
  const usage = t('metrics.datasource.usage', gauges);
  return (
    <section className="metrics-section" aria-labelledby="metrics-datasource-title">
      <h2 id="metrics-datasource-title">{t('metrics.datasource.title')}</h2>
      <p className="metrics-section__note">{t('metrics.datasource.perProcess')}</p>
      <p>{usage}</p>
      <Progress value={ratio(gauges.active, gauges.max)} label={usage} />
      <div className="data-table">
        <table className="data-table__table metrics-figures">
          <thead>
            <tr>
              <th scope="col">{t('metrics.datasource.connection')}</th>
              {COLUMNS.map(([key]) => <th key={key} scope="col">{t(`metrics.datasource.${key}`)}</th>)}
            </tr>
          </thead>
          <tbody>
            {TIMERS.filter((name) => pool[name]).map((name) => (
              <tr key={name}>
                <th scope="row" className="metrics-figures__name">{t(`metrics.datasource.timers.${name}`)}</th>
                {COLUMNS.map(([key, format]) => <td key={key}>{format(pool[name]!)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
