// A table row's actions on one line: the frequent ones as buttons, the rest behind a "More" menu. Each action's
// accessible name names the row's entity ("Edit subject abc") and starts with its visible label, so speech input
// that says the label still finds it; `useRowActionName` builds such names for the buttons a screen renders itself.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { MoreMenu, type MoreMenuItem } from './more-menu';

/** `name(label)`: the accessible name of an action labelled `label` on the row of `entity` (e.g. "subject abc"). */
export function useRowActionName(entity: string): (label: string) => string {
  const t = useT();
  return (label) => t('entity.action.named', { action: label, entity });
}

export interface RowActionsProps {
  /** Who the row is about, as a phrase ("subject abc"): it ends every action's accessible name. */
  entity: string;
  /** The actions shown as buttons. */
  children?: ReactNode;
  /** The actions behind "More"; none or an empty list: no menu. */
  more?: readonly MoreMenuItem[];
  className?: string;
}

export function RowActions({ entity, children, more, className }: RowActionsProps): ReactNode {
  const name = useRowActionName(entity);
  const t = useT();
  return (
    <div className={`row-actions${className ? ` ${className}` : ''}`}>
      {children}
      {more && more.length > 0 && <MoreMenu items={more} name={name(t('entity.action.more'))} />}
    </div>
  );
}
