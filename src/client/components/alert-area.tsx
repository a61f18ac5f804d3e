// The one place alerts appear: success alerts from response headers, HTTP errors, and whatever screens add to the
// queue. The queue closes each alert after 5 s; the close button does it sooner. Texts are translated here, with
// translatable params (an entity name, a field name) translated too.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n-react';
import { useAlertList, useAlerts } from './services-react';

export function AlertArea(): ReactNode {
  const queue = useAlerts();
  const alerts = useAlertList();
  const t = useT();
  return (
    <div className="alert-area" aria-live="polite" aria-relevant="additions text">
      {alerts.map((alert) => (
        <div key={alert.id} className={`alert alert--${alert.type}`} data-alert-key={alert.key}>
          <p className="alert__text">{t(alert.key, alert.params)}</p>
          <button type="button" className="alert__close" aria-label={t('global.alert.close')} onClick={() => queue.close(alert.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
