// The providers around the shell: i18n, session, router and the shared services.
import type { ReactNode } from 'react';
import { ServicesProvider } from '../components/services-react';
import { I18nProvider } from '../lib/i18n-react';
import { RouterProvider } from '../lib/router-react';
import { SessionProvider } from '../lib/session-react';
import type { AppServices } from './app-services';
import { Shell } from './shell';

export function AppRoot({ services }: { services: AppServices }): ReactNode {
  return (
    <I18nProvider i18n={services.i18n}>
      <SessionProvider session={services.session}>
        <RouterProvider router={services.router}>
          <ServicesProvider services={services}>
            <Shell />
          </ServicesProvider>
        </RouterProvider>
      </SessionProvider>
    </I18nProvider>
  );
}
