// Threads: the count and share per state, and Expand for the full thread dump.
import { useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { ratio } from './metrics-format';
import { THREAD_STATES, type ThreadInfo } from './metrics-types';
import { Progress } from './progress';
import { ThreadDumpModal } from './thread-dump-modal';
import { threadStateLabel } from './thread-state-label';

export function ThreadsSection({ threads }: { threads: ThreadInfo[] }): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <section className="metrics-section">
      <h2>{t('metrics.jvm.threads.title', { total: threads.length })}</h2>
      {THREAD_STATES.map((state) => {
        const count = threads.filter((thread) => thread.threadState === state).length;
        const label = `${threadStateLabel(t, state)} (${count})`;
        return (
          <div key={state} className="metrics-threads__state">
            <span>{label}</span>
            <Progress value={ratio(count, threads.length)} label={label} />
          </div>
        );
      })}
      <button type="button" className="button button--secondary button--small" onClick={() => setOpen(true)}>
        {t('metrics.jvm.threads.dump.expand')}
      </button>
      {open && <ThreadDumpModal threads={threads} onClose={() => setOpen(false)} />}
    </section>
  );
}
