// Process and system figures: uptime, start time, CPU shares and count, 1-minute load average, open and max files.
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/format';
import { useT } from '../../lib/i18n-react';
import { percent, uptime } from './metrics-format';

export function SystemSection({ process }: { process: Record<string, number> }): ReactNode {
  const t = useT();
  const rows: [string, string | undefined][] = [
    ['uptime', process['process.uptime'] !== undefined ? uptime(process['process.uptime']) : undefined],
    ['startDate', process['process.start.time'] !== undefined ? formatDateTime(process['process.start.time']) : undefined],
    ['processCpu', process['process.cpu.usage'] !== undefined ? percent(process['process.cpu.usage']) : undefined],
    ['systemCpu', process['system.cpu.usage'] !== undefined ? percent(process['system.cpu.usage']) : undefined],
    ['cpuCount', process['system.cpu.count']?.toString()],
    ['loadAverage', process['system.load.average.1m']?.toFixed(2)],
    ['openFiles', process['process.files.open']?.toString()],
    ['maxFiles', process['process.files.max']?.toString()],
  ];
  return (
    <section className="metrics-section">
      <h2>{t('metrics.system.title')}</h2>
      <dl className="metrics-pairs">
        {rows.filter(([, value]) => value !== undefined).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`metrics.system.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
