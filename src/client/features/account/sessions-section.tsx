// The settings page's list of the user's browser sessions (docs/users.md, Sessions): when each started and was last
// used, from where and with which browser; each other session can be ended, or all others at once. The current
// session is marked and only "all others" spares it, so the user cannot sign out of this page by accident.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { formatShortDateTime } from '../../components/format';
import { ConfirmDialog } from '../../components/modal';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { InlineMessage } from './inline-message';

export interface SessionDTO {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  remoteAddress: string | null;
  userAgent: string | null;
  browser: string | null;
  current: boolean;
}

export function SessionsSection(): ReactNode {
  const t = useT();
  const http = useHttp();
  const [sessions, setSessions] = useState<SessionDTO[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await http.get<SessionDTO[]>('api/account/sessions', { silent: true });
      setSessions(Array.isArray(res.data) ? res.data : []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [http]);

  useEffect(() => {
    void load();
  }, [load]);

  const end = async (id: string) => {
    try {
      await http.delete(`api/account/sessions/${encodeURIComponent(id)}`, { silent: true });
    } catch {
      setFailed(true);
    }
    await load();
  };

  const endOthers = async () => {
    await http.delete('api/account/sessions', { silent: true });
    await load();
  };

  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <section className="account-page__sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions.title')}</h2>
      {failed && <InlineMessage tone="danger">{t('sessions.loadError')}</InlineMessage>}
      {sessions && (
        // Scrolls sideways on a phone rather than widen the page; focusable so the keyboard can scroll it too.
        <div className="data-table account-page__sessions-table" role="region" aria-labelledby="sessions-heading" tabIndex={0}>
          <table className="data-table__table">
            <thead>
              <tr>
                <th>{t('sessions.browser')}</th>
                <th>{t('sessions.address')}</th>
                <th>{t('sessions.started')}</th>
                <th>{t('sessions.lastUsed')}</th>
                <th><span className="visually-hidden">{t('sessions.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id}>
                  <td title={s.userAgent ?? undefined}>{s.browser ?? t('sessions.unknownBrowser')}</td>
                  <td>{s.remoteAddress ?? ''}</td>
                  <td>{formatShortDateTime(s.createdAt)}</td>
                  <td>{formatShortDateTime(s.lastUsedAt)}</td>
                  <td>
                    {s.current ? (
                      <span className="badge badge--info">{t('sessions.current')}</span>
                    ) : (
                      <button type="button" className="button button--danger button--small" onClick={() => void end(s.id)}>
                        {t('sessions.end')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="button button--secondary" disabled={others === 0} onClick={() => setConfirming(true)}>
        {t('sessions.endOthers')}
      </button>
      {confirming && (
        <ConfirmDialog title={t('sessions.endOthers')} confirmLabel={t('sessions.endOthersConfirm')} onConfirm={endOthers} onClose={() => setConfirming(false)}>
          {t('sessions.endOthersQuestion', { count: others })}
        </ConfirmDialog>
      )}
    </section>
  );
}
