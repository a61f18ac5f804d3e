// The user detail page's "End all sessions" (docs/users.md, Sessions): a system admin signs a user out of every
// browser, e.g. after a lost laptop. Only system admins see it, as only they may call DELETE api/users/{login}/sessions.
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/modal';
import { useAlerts, useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { selectIsSysAdmin } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';

export function EndUserSessionsButton({ login }: { login: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const alerts = useAlerts();
  const isSysAdmin = useSessionState(selectIsSysAdmin);
  const [confirming, setConfirming] = useState(false);
  if (!isSysAdmin || !login) return null;
  const endAll = async () => {
    await http.delete(pathOf('api', 'users', login, 'sessions'), { silent: true });
    alerts.success('sessions.endAllDone', { login });
  };
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t('sessions.endAll')}
      </button>
      {confirming && (
        <ConfirmDialog title={t('sessions.endAll')} confirmLabel={t('sessions.endOthersConfirm')} onConfirm={endAll} onClose={() => setConfirming(false)}>
          {t('sessions.endAllQuestion', { login })}
        </ConfirmDialog>
      )}
    </>
  );
}
