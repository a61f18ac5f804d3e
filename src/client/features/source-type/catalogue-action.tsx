// An Edit or Delete action of a source type or source data row: the popup link, or, when the user may not change that
// type (catalogue-access.ts), a button that stays focusable but does nothing, with the reason as its tooltip and as its
// accessible description (a disabled button could not be focused to hear why).
import { useId, type ReactNode } from 'react';
import type { CatalogueRefusal } from '../../../common/catalogue-scope';
import { Link } from '../../lib/router-react';
import { PopupLink } from '../../components/popup';
import type { CatalogueRefusals } from './catalogue-access';
import { useT } from '../../lib/i18n-react';

export interface CatalogueActionProps {
  /** The popup path (edit or delete). */
  to: string;
  className: string;
  /** Why the action is refused; undefined: offered. */
  refusal: CatalogueRefusal | undefined;
  /** Whose reasons to show: `sourceType` or `sourceData`. */
  entity: 'sourceType' | 'sourceData';
  children: ReactNode;
}

export function CatalogueAction({ to, className, refusal, entity, children }: CatalogueActionProps): ReactNode {
  const t = useT();
  const id = useId();
  if (!refusal) return <PopupLink to={to} className={className}>{children}</PopupLink>;
  const reason = t(`managementPortalApp.${entity}.refusal.${refusal}`);
  return (
    <>
      <button type="button" className={className} aria-disabled="true" title={reason} aria-describedby={id} onClick={(event) => event.preventDefault()}>
        {children}
      </button>
      <span id={id} className="visually-hidden">{reason}</span>
    </>
  );
}

/** A list row's View, Edit and Delete: `path()` is the entity's page, `path('edit' | 'delete')` its popups. */
export function CatalogueRowActions({ path, refusals, entity }: {
  path: (popup?: 'edit' | 'delete') => string;
  refusals: CatalogueRefusals;
  entity: CatalogueActionProps['entity'];
}): ReactNode {
  const t = useT();
  return (
    <span className="source-type__actions">
      <Link to={path()} className="button button--secondary button--small">{t('entity.action.view')}</Link>
      <CatalogueAction to={path('edit')} className="button button--secondary button--small" refusal={refusals.edit} entity={entity}>
        {t('entity.action.edit')}
      </CatalogueAction>
      <CatalogueAction to={path('delete')} className="button button--danger button--small" refusal={refusals.delete} entity={entity}>
        {t('entity.action.delete')}
      </CatalogueAction>
    </span>
  );
}
