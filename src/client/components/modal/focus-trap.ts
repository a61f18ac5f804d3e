// Keeping keyboard focus inside an open dialog: Tab from the last control wraps to the first and Shift+Tab the
// other way. No React here.

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The element's tabbable descendants in document order (custom elements count as one stop each). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(`${FOCUSABLE},mp-role-editor,mp-dictionary-editor,mp-show-more`)].filter(
    (element) => !element.hidden && element.closest('[hidden],[inert]') === null,
  );
}

/** Handles Tab inside `root`; returns true when it moved focus itself. */
export function trapTab(root: HTMLElement, event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return true;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && root.contains(active);
  if (event.shiftKey && (active === first || active === root || !inside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}
