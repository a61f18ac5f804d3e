// Cache statistics, one row per cache of the server process: hits, misses, gets, puts, removals, evictions and the hit
// and miss shares of all gets (0 while a cache has not been asked yet).
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { percent } from './metrics-format';
import type { CacheFigures } from './metrics-types';

const COLUMNS = ['cachename', 'hits', 'misses', 'gets', 'puts', 'removals', 'evictions', 'hitPercent', 'missPercent'] as const;

function row(figures: CacheFigures): string[] {
  const count = (key: string) => (typeof figures[key] === 'number' ? figures[key] : 0);
  const hits = count('cache.gets.hit');
  const misses = count('cache.gets.miss');
  const gets = hits + misses;
  const share = (part: number) => percent(gets > 0 ? part / gets : 0);
  return [hits, misses, gets, count('cache.puts'), count('cache.removals'), count('cache.evictions')].map(String).concat(share(hits), share(misses));
}

export function CacheSection({ caches }: { caches: Record<string, CacheFigures> }): ReactNode {
  const t = useT();
  return (
    <section className="metrics-section" aria-labelledby="metrics-cache-title">
      <h2 id="metrics-cache-title">{t('metrics.cache.title')}</h2>
      <p className="metrics-section__note">{t('metrics.cache.perProcess')}</p>
      <div className="data-table">
        <table className="data-table__table metrics-figures">
          <thead>
            <tr>{COLUMNS.map((key) => <th key={key} scope="col">{t(`metrics.cache.${key}`)}</th>)}</tr>
          </thead>
          <tbody>
            {Object.entries(caches).map(([name, figures]) => (
              <tr key={name}>
                <th scope="row" className="metrics-figures__name">{name}</th>
                {row(figures).map((value, i) => <td key={COLUMNS[i + 1]}>{value}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
