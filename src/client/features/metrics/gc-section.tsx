// Garbage collection: live vs max data size, promoted vs allocated memory, classes, and pause statistics.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ms, ratio, toMb } from './metrics-format';
import { Progress } from './progress';

type Gc = Record<string, number | Record<string, number>>;
const num = (gc: Gc, key: string) => (typeof gc[key] === 'number' ? (gc[key] as number) : 0);

export function GcSection({ gc }: { gc: Gc }): ReactNode {
  const t = useT();
  const pause = (typeof gc['jvm.gc.pause'] === 'object' ? gc['jvm.gc.pause'] : {}) as Record<string, number>;
  const live = num(gc, 'jvm.gc.live.data.size');
  const max = num(gc, 'jvm.gc.max.data.size');
  const promoted = num(gc, 'jvm.gc.memory.promoted');
  const allocated = num(gc, 'jvm.gc.memory.allocated');
  const stats: [string, string][] = [
    ['count', String(pause.count ?? 0)],
    ['mean', ms(pause.mean ?? 0)],
    ['min', ms(pause['0.0'] ?? 0)],
    ['p50', ms(pause['0.5'] ?? 0)],
    ['p75', ms(pause['0.75'] ?? 0)],
    ['p95', ms(pause['0.95'] ?? 0)],
    ['p99', ms(pause['0.99'] ?? 0)],
    ['max', ms(pause.max ?? 0)],
  ];
  return (
    <section className="metrics-section">
      <h2>{t('metrics.gc.title')}</h2>
      <p>{t('metrics.gc.liveVsMax', { live: toMb(live), max: toMb(max) })}</p>
      <Progress value={ratio(live, max)} label={t('metrics.gc.liveVsMax', { live: toMb(live), max: toMb(max) })} />
      <p>{t('metrics.gc.promotedVsAllocated', { promoted: toMb(promoted), allocated: toMb(allocated) })}</p>
      <p>{t('metrics.gc.classes', { loaded: num(gc, 'classesLoaded'), unloaded: num(gc, 'classesUnloaded') })}</p>
      <div className="data-table">
        <table className="data-table__table">
          <thead>
            <tr>{stats.map(([key]) => <th key={key}>{t(`metrics.gc.pause.${key}`)}</th>)}</tr>
          </thead>
          <tbody>
            <tr>{stats.map(([key, value]) => <td key={key}>{value}</td>)}</tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
