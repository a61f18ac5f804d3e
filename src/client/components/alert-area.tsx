// The one place alerts appear: success alerts from response headers, HTTP errors, and whatever screens add to the
// queue. The queue closes each alert after 5 s; the close button does it sooner. Texts are translated here, with
// translatable params (an entity name, a field name) translated too. The toasts show at once; screen readers hear
// them through the live announcer, 100 ms later.
import type { ReactNode } from 'react';
import { alertText, type Timers } from '../lib/alerts';
import { useI18n } from '../lib/i18n-react';
import { LiveAnnouncer } from './live-announcer';
import { useAlertList, useAlerts } from './services-react';

export function AlertArea({ announcerTimers }: { announcerTimers?: Timers } = {}): ReactNode {
  const queue = useAlerts();
  const alerts = useAlertList();
  const i18n = useI18n();
  const t = i18n.t;
  const texts = alerts.map((alert) => ({ id: alert.id, text: alertText(i18n, alert) }));
  return (
    <>
      <div className="alert-area">
        {alerts.map((alert, index) => (
          <div key={alert.id} className={`alert alert--${alert.type}`} data-alert-key={alert.key}>
            <p className="alert__text">{texts[index].text}</p>
            <button type="button" className="alert__close" aria-label={t('global.alert.close')} onClick={() => queue.close(alert.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
      <LiveAnnouncer messages={texts} timers={announcerTimers} />
    </>
  );
}
