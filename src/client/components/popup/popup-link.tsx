// Opening a popup over the current page. Only one popup may be open: while one is, opening another is refused,
// so a stray click behind a dialog does nothing.
import { useCallback, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { buildAppUrl } from '../../lib/app-url';
import { useLocation, useRouter } from '../../lib/router-react';

/** `open('organization/main/edit')` -> true when opened, false when refused because a popup is already open. */
export function useOpenPopup(): (path: string) => boolean {
  const router = useRouter();
  return useCallback((path: string) => router.openPopup(path), [router]);
}

export interface PopupLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The popup path in URL form; build it with pathOf('user-management', login, 'edit'). */
  to: string;
}

/** A real link to the page with the popup open (copyable, middle-clickable); a plain click opens it in place. */
export function PopupLink({ to, onClick, children, ...rest }: PopupLinkProps): ReactNode {
  const router = useRouter();
  const { path, matrix, query } = useLocation();
  const href = router.href(buildAppUrl({ path, matrix, query, popup: to }));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    router.openPopup(to);
  };
  return (
    <a {...rest} href={href} onClick={handleClick}>
      {children}
    </a>
  );
}
