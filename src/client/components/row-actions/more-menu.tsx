// A menu button for a row's secondary actions ("More"): a button with aria-haspopup and aria-expanded that opens a
// list of menu items. Arrow keys move between the items (Home and End to the ends), Enter or Space picks one, Escape
// closes the menu and puts focus back on the button, Tab closes it and moves on, a click outside closes it. The menu
// is placed with fixed coordinates beside its button, so a table's scroll box neither clips it nor grows with it; it
// follows the button when something scrolls.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';

export interface MoreMenuItem {
  /** Unique within the menu. */
  key: string;
  label: string;
  onSelect: () => void;
  /** Shown but not usable; `reason` says why (tooltip and description). */
  disabled?: boolean;
  reason?: string;
  danger?: boolean;
}

export interface MoreMenuProps {
  items: readonly MoreMenuItem[];
  /** The button's accessible name; it must start with the visible label (default "More"). */
  name?: string;
  label?: string;
}

interface Place { top: number; right: number; up: boolean }

export function MoreMenu({ items, name, label }: MoreMenuProps): ReactNode {
  const t = useT();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState<null | 'first' | 'last'>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const visible = label ?? t('entity.action.more');

  const close = useCallback((refocus: boolean) => {
    setOpen(null);
    setPlace(null);
    if (refocus) button.current?.focus();
  }, []);

  // Placed below the button, right edges aligned; above it when there is no room below. False when the button has
  // left the viewport (the menu then closes).
  const placeBesideButton = useCallback((): boolean => {
    if (!button.current || !menu.current) return false;
    const box = button.current.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) return false;
    const height = menu.current.offsetHeight;
    const up = box.bottom + height + 8 > window.innerHeight && box.top - height - 8 > 0;
    setPlace({ top: up ? box.top - height - 4 : box.bottom + 4, right: Math.max(4, document.documentElement.clientWidth - box.right), up });
    return true;
  }, []);

  useLayoutEffect(() => {
    if (open) placeBesideButton();
  }, [open, placeBesideButton]);

  // Focus moves into the menu once it is placed (a hidden element cannot take focus). Without scrolling: the menu
  // is fixed beside its button, but it sits inside the table's scroll box, which focusing would scroll.
  useLayoutEffect(() => {
    if (!open || !place || !menu.current || menu.current.contains(document.activeElement)) return;
    const items = menu.current.querySelectorAll<HTMLElement>('[role="menuitem"]');
    (open === 'last' ? items[items.length - 1] : items[0])?.focus({ preventScroll: true });
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // A scroll (the page's, a table's box, or the browser keeping content in place while something above it loads)
    // or a resize moves the menu along with its button; only a button scrolled out of view closes it.
    const moved = (event: Event) => {
      if (menu.current?.contains(event.target as Node)) return;
      if (!placeBesideButton()) close(false);
    };
    document.addEventListener('pointerdown', outside);
    window.addEventListener('scroll', moved, true);
    window.addEventListener('resize', moved);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('scroll', moved, true);
      window.removeEventListener('resize', moved);
    };
  }, [open, close, placeBesideButton]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus({ preventScroll: true });
    switch (event.key) {
      case 'ArrowDown': go(at + 1); break;
      case 'ArrowUp': go(at - 1); break;
      case 'Home': go(0); break;
      case 'End': go(all.length - 1); break;
      case 'Escape': close(true); break;
      case 'Tab': close(false); return;
      default: return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const pick = (item: MoreMenuItem) => {
    if (item.disabled) return;
    // Focus goes back to the button first, so a dialog the item opens returns there when it closes.
    close(true);
    item.onSelect();
  };

  return (
    <span className="more-menu">
      <button
        ref={button}
        type="button"
        className="button button--secondary button--small more-menu__button"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={name && name !== visible ? name : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {visible}
        <span className="more-menu__caret" aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={name ?? visible}
          className={`more-menu__list${place?.up ? ' more-menu__list--up' : ''}`}
          style={place ? { top: place.top, right: place.right } : { visibility: 'hidden' }}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`more-menu__item${item.danger ? ' more-menu__item--danger' : ''}`}
                aria-disabled={item.disabled || undefined}
                title={item.disabled ? item.reason : undefined}
                onClick={() => pick(item)}
              >
                {item.label}
                {item.disabled && item.reason && <span className="visually-hidden">{` (${item.reason})`}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
