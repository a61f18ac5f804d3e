// The tab strip of the organization and project detail pages. The active tab lives in the `tab` query parameter,
// so a tab is linkable and Back returns to the previous one. ARIA tabs pattern with arrow keys.
// The lists under the tabs keep their paging and sort in the same query (`page`, `sort`); a tab's values mean nothing
// to another tab's list (a subject sort is a 400 for sources), so switching tabs drops them.
import { useCallback, useId, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useRouter } from '../../lib/router-react';

export interface TabDef {
  id: string;
  /** Already translated. */
  label: string;
}

/** Query parameters that belong to the list of one tab. */
export const TAB_LIST_PARAMS = ['page', 'sort'] as const;

/**
 * [active tab id, select]; an absent or unknown `tab` is the first available tab. Selecting another tab starts its
 * list afresh (without the previous tab's `page` and `sort`); selecting the active one keeps them.
 */
export function useTabParam(available: readonly string[]): [string | undefined, (id: string) => void] {
  const router = useRouter();
  const requested = useLocation().query.tab;
  const active = requested !== undefined && available.includes(requested) ? requested : available[0];
  const select = useCallback(
    (id: string) => {
      const listState = id === active ? {} : Object.fromEntries(TAB_LIST_PARAMS.map((param) => [param, null]));
      router.setQuery({ ...listState, tab: id });
    },
    [router, active],
  );
  return [active, select];
}

export interface TabNavProps {
  tabs: readonly TabDef[];
  active: string | undefined;
  onSelect: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  children?: ReactNode;
}

export function TabNav({ tabs, active, onSelect, label, children }: TabNavProps): ReactNode {
  const base = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (next) {
      onSelect(next.id);
      document.getElementById(`${base}-tab-${next.id}`)?.focus();
    }
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            className={`tabs__tab${tab.id === active ? ' tabs__tab--active' : ''}`}
            aria-selected={tab.id === active}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} className="tabs__panel" role="tabpanel" aria-labelledby={active ? `${base}-tab-${active}` : undefined}>
        {children}
      </div>
    </div>
  );
}
