// Memory per area: used / max (or committed when there is no max) in MB, with a bar.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ratio, toMb } from './metrics-format';
import type { MemoryArea } from './metrics-types';
import { Progress } from './progress';

export function MemorySection({ jvm }: { jvm: Record<string, MemoryArea> }): ReactNode {
  const t = useT();
  return (
    <section className="metrics-section">
      <h2>{t('metrics.jvm.memory.title')}</h2>
      {Object.entries(jvm).map(([area, m]) => {
        const limit = m.max > 0 ? m.max : m.committed;
        return (
          <div key={area} className="metrics-memory">
            <h3>{area}</h3>
            <p>
              {m.max > 0
                ? t('metrics.jvm.memory.usedOfMax', { used: toMb(m.used), max: toMb(m.max) })
                : t('metrics.jvm.memory.used', { used: toMb(m.used) })}{' '}
              {t('metrics.jvm.memory.committed', { committed: toMb(m.committed) })}
            </p>
            <Progress value={ratio(m.used, limit)} label={area} />
          </div>
        );
      })}
    </section>
  );
}
