// PopupRoute is the shell's (layout/route-view imports it directly), so importing this barrel does not pull it in.
export { PopupLink, useOpenPopup, type PopupLinkProps } from './popup-link';
export { useCloseAfterDelete } from './use-close-after-delete';
export type { PageProps, PopupProps, RouteComponent } from './popup-types';
