// Renders the popup named in the URL (`#/project/radar(popup:project-group-new/radar)`) over the current page. The
// popup component draws its own <Modal>; this only matches, loads and hands it `params` and `close`. A popup path
// that matches no popup route is cleared from the URL.
import { Suspense, useEffect, type ReactNode } from 'react';
import { useRoute, useRouter } from '../../lib/router-react';
import { PageErrorBoundary } from '../page-error-boundary';
import type { RouteComponent } from './popup-types';

export function PopupRoute(): ReactNode {
  const router = useRouter<RouteComponent>();
  const { popup, location } = useRoute<RouteComponent>();
  const unknown = location.popup !== null && popup === null;

  useEffect(() => {
    if (unknown) router.closePopup();
  }, [unknown, router]);

  if (!popup) return null;
  const Popup = popup.route.page;
  return (
    <PageErrorBoundary key={location.popup}>
      <Suspense fallback={null}>
        <Popup params={popup.params} close={router.closePopup} />
      </Suspense>
    </PageErrorBoundary>
  );
}
