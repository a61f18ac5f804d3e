// Stand-ins for screens not built yet, so every route and popup of the specs exists from day one. The engineer who
// builds an area replaces its placeholders in src/client/features/<area>/.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n-react';
import { Modal } from './modal/modal';
import { PopupLink } from './popup/popup-link';
import type { PageProps, PopupProps, RouteComponent } from './popup/popup-types';

/** A popup the page offers: its path and the i18n key of the link text. */
export type PopupOffer = readonly [path: string, labelKey: string];

function ParamList({ params }: PageProps): ReactNode {
  const entries = Object.entries(params);
  if (entries.length === 0) return null;
  return (
    <dl className="placeholder__params">
      {entries.map(([name, value]) => (
        <div key={name} className="placeholder__param">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function placeholderPage(titleKey: string, popups: readonly PopupOffer[] = []): RouteComponent {
  function PlaceholderPage({ params }: PageProps): ReactNode {
    const t = useT();
    return (
      <section className="placeholder">
        <h1 className="placeholder__title">{t(titleKey)}</h1>
        <p className="placeholder__note">{t('global.placeholder.page')}</p>
        <ParamList params={params} />
        {popups.length > 0 && (
          <p className="placeholder__actions">
            {popups.map(([path, labelKey]) => (
              <PopupLink key={path} to={path} className="button button--primary">
                {t(labelKey)}
              </PopupLink>
            ))}
          </p>
        )}
      </section>
    );
  }
  return PlaceholderPage;
}

export function placeholderPopup(titleKey: string): RouteComponent {
  function PlaceholderPopup({ params, close }: PopupProps): ReactNode {
    const t = useT();
    const footer = (
      <button type="button" className="button button--secondary" onClick={close}>
        {t('entity.action.close')}
      </button>
    );
    return (
      <Modal title={t(titleKey)} footer={footer} onClose={close}>
        <p className="placeholder__note">{t('global.placeholder.popup')}</p>
        <ParamList params={params} />
      </Modal>
    );
  }
  return PlaceholderPopup;
}
