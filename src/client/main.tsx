// Entry point: builds the services, renders the shell and starts the first requests (dictionary, account, profile
// info, site settings). Everything but home and the error pages loads on demand, area by area (see app.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppServices } from './layout/app-services';
import { AppRoot } from './layout/app-root';
import { beforeLazyPages } from './layout/lazy-page';
import { loadFeatureStyles } from './layout/feature-styles';
import './styles/index.css';

// The Lit widgets (role editor, dictionary editor, show-more) and the feature screens' styles are not on the home
// page, so they load once, before the first lazy page renders (React needs the widgets defined to pass arrays as
// properties).
beforeLazyPages(() => Promise.all([import('../widgets/index'), loadFeatureStyles()]));

const services = createAppServices();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot services={services} />
  </StrictMode>,
);
void services.start();
