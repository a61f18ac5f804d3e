// The thread dump: filter by state, and per thread its blocked/waited time and count, lock name and a stack-trace
// toggle.
import { useState, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../components/badge';
import { Modal } from '../../components/modal';
import { useT } from '../../lib/i18n-react';
import { THREAD_STATES, type ThreadInfo } from './metrics-types';
import { threadStateLabel } from './thread-state-label';

const TONES: Record<string, BadgeTone> = { RUNNABLE: 'success', WAITING: 'info', TIMED_WAITING: 'warning', BLOCKED: 'danger' };

export function ThreadDumpModal({ threads, onClose }: { threads: ThreadInfo[]; onClose: () => void }): ReactNode {
  const t = useT();
  const [state, setState] = useState<string>('');
  const shown = state ? threads.filter((thread) => thread.threadState === state) : threads;
  return (
    <Modal
      title={t('metrics.jvm.threads.dump.title')}
      onClose={onClose}
      footer={<button type="button" className="button button--secondary" onClick={onClose}>{t('entity.action.close')}</button>}
    >
      <div className="thread-dump__filter" role="group" aria-label={t('metrics.jvm.threads.dump.filter')}>
        {['', ...THREAD_STATES].map((candidate) => (
          <button
            key={candidate || 'all'}
            type="button"
            className={`button button--small ${state === candidate ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={state === candidate}
            onClick={() => setState(candidate)}
          >
            {candidate ? threadStateLabel(t, candidate) : t('metrics.jvm.threads.all')}
            {' '}({candidate ? threads.filter((thread) => thread.threadState === candidate).length : threads.length})
          </button>
        ))}
      </div>
      {shown.map((thread) => <ThreadEntry key={thread.threadId} thread={thread} tone={TONES[thread.threadState] ?? 'neutral'} />)}
    </Modal>
  );
}

function ThreadEntry({ thread, tone }: { thread: ThreadInfo; tone: BadgeTone }): ReactNode {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <article className="thread-dump__thread">
      <h3>
        <Badge tone={tone}>{threadStateLabel(t, thread.threadState)}</Badge> {thread.threadName} (id {thread.threadId})
      </h3>
      <button type="button" className="button button--link button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(open ? 'metrics.jvm.threads.dump.hide' : 'metrics.jvm.threads.dump.show')}
      </button>
      {open && (
        <pre className="thread-dump__stack">
          {thread.stackTrace.map((f) => `${f.className ? `${f.className}.` : ''}${f.methodName} (${f.fileName ?? '?'}:${f.lineNumber ?? '?'})`).join('\n')}
        </pre>
      )}
      <dl className="metrics-pairs">
        <div><dt>{t('metrics.jvm.threads.dump.blockedTime')}</dt><dd>{thread.blockedTime}</dd></div>
        <div><dt>{t('metrics.jvm.threads.dump.blockedCount')}</dt><dd>{thread.blockedCount}</dd></div>
        <div><dt>{t('metrics.jvm.threads.dump.waitedTime')}</dt><dd>{thread.waitedTime}</dd></div>
        <div><dt>{t('metrics.jvm.threads.dump.waitedCount')}</dt><dd>{thread.waitedCount}</dd></div>
        <div><dt>{t('metrics.jvm.threads.dump.lockName')}</dt><dd>{thread.lockName ?? '-'}</dd></div>
      </dl>
    </article>
  );
}
