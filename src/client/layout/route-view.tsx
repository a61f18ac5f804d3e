// The routed page and, over it, the popup the URL names. Each page gets its own error boundary and a loading state
// while its area's chunk arrives; an unknown path shows the error page.
import { Suspense, type ReactNode } from 'react';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PopupRoute } from '../components/popup/popup-route';
import type { RouteComponent } from '../components/popup/popup-types';
import { T } from '../lib/i18n-react';
import { useRoute } from '../lib/router-react';
import { lazyArea } from './lazy-page';
import { useRouteGuard } from './use-route-guard';

// The error page comes with the account area's chunk (see features/account/index.ts), not with the first load.
const NotFoundPage = lazyArea(() => import('../features/account'))('NotFoundPage');

const noPopupToClose = () => undefined;

export function Loading(): ReactNode {
  return (
    <p className="loading" role="status">
      <T k="global.loading" />
    </p>
  );
}

export function RouteView(): ReactNode {
  const { match, location } = useRoute<RouteComponent>();
  const access = useRouteGuard();
  if (access === 'pending') return <Loading />;
  if (access === 'blocked') return null; // on its way to the access-denied page
  if (!match) {
    return (
      <Suspense fallback={<Loading />}>
        <NotFoundPage params={{}} close={noPopupToClose} />
      </Suspense>
    );
  }
  const Page = match.route.page;
  return (
    <>
      <PageErrorBoundary key={location.path}>
        <Suspense fallback={<Loading />}>
          <Page params={match.params} close={noPopupToClose} />
        </Suspense>
      </PageErrorBoundary>
      <PopupRoute />
    </>
  );
}
