// A navbar drop-down (ARIA menu button): Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
// arrows, Home and End move inside; Escape closes and returns to the button; Tab or a click elsewhere closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from '../../lib/router-react';

export interface NavMenuItem {
  key: string;
  label: ReactNode;
  /** An app URL (`organization/main`). */
  to?: string;
  /** A URL outside the app (`api/redirect/login`): a full page navigation. */
  href?: string;
  onSelect?: () => void;
  id?: string;
  /** Shown as the chosen one of a set (languages). */
  checked?: boolean;
  disabled?: boolean;
}

export interface NavMenuProps {
  id: string;
  label: ReactNode;
  items: readonly NavMenuItem[];
  /** Opens towards the left (menus at the right end of the bar). */
  alignEnd?: boolean;
  /** Called after an item was chosen (the navbar closes its burger). */
  onChosen?: () => void;
}

type Focus = 'first' | 'last' | null;

export function NavMenu({ id, label, items, alignEnd = false, onChosen }: NavMenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<Focus>(null);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = `${useId()}-menu`;
  const where = useLocation().url;

  // Back, Forward or a typed URL: whatever was open belonged to the page before.
  useEffect(() => setOpen(false), [where]);

  const menuItems = (): HTMLElement[] =>
    [...(listRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])].filter((item) => item.getAttribute('aria-disabled') !== 'true');

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const all = menuItems();
    (focusOnOpen === 'first' ? all[0] : all[all.length - 1])?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const openWith = (focus: Focus) => {
    setOpen(true);
    setFocusOnOpen(focus);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
    else if (event.key === ' ' && document.activeElement?.tagName === 'A') {
      event.preventDefault(); // Space activates a menu item as Enter does
      (document.activeElement as HTMLElement).click();
    }
  };

  const chosen = (item: NavMenuItem) => {
    item.onSelect?.();
    close(false);
    onChosen?.();
  };

  return (
    <li ref={rootRef} className={`navbar__item nav-menu${open ? ' nav-menu--open' : ''}${alignEnd ? ' nav-menu--end' : ''}`}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className="navbar__link nav-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => (open ? close(false) : openWith(null))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <span className="nav-menu__caret" aria-hidden="true" />
      </button>
      <ul ref={listRef} id={listId} role="menu" aria-labelledby={id} className="nav-menu__list" hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item) => {
          const role = item.checked === undefined ? 'menuitem' : 'menuitemradio';
          const common = {
            id: item.id,
            role,
            tabIndex: -1,
            className: `nav-menu__item${item.checked ? ' nav-menu__item--checked' : ''}`,
            'aria-checked': item.checked,
            'aria-disabled': item.disabled || undefined,
          };
          return (
            <li key={item.key} role="none">
              {item.to !== undefined ? (
                <Link {...common} to={item.to} onClick={() => chosen(item)}>
                  {item.label}
                </Link>
              ) : item.href !== undefined ? (
                <a {...common} href={item.href} onClick={() => chosen(item)}>
                  {item.label}
                </a>
              ) : (
                <button {...common} type="button" disabled={item.disabled} onClick={() => chosen(item)}>
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}
