import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createHashHistory, createMemoryHistory } from 'history';
import { createRouter, type RouteDef } from '../../../src/client/lib/router';
import { Link, RouterProvider, useDocumentTitle, useLocation, useParams, useRoute } from '../../../src/client/lib/router-react';

const routes: RouteDef[] = [
  { path: '', page: 'home' },
  { path: 'project/:projectName', page: 'project', titleKey: 'project.title' },
];
const popups: RouteDef[] = [{ path: 'project-subject-new/:projectName', page: 'subject-dialog' }];

function Where() {
  const location = useLocation();
  const { match, popup } = useRoute();
  const params = useParams();
  return (
    <p data-testid="where">
      {String(match?.route.page)}|{params.projectName ?? '-'}|{location.query.tab ?? '-'}|{String(popup?.route.page ?? '-')}
    </p>
  );
}

const react = suite('router-react');
react.after.each(() => cleanup());

react('hooks follow the location', () => {
  const router = createRouter({ routes, popups, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(
    <RouterProvider router={router}>
      <Where />
    </RouterProvider>,
  );
  assert.is(view.getByTestId('where').textContent, 'home|-|-|-');
  act(() => router.navigate('project/radar?tab=groups'));
  assert.is(view.getByTestId('where').textContent, 'project|radar|groups|-');
  act(() => void router.openPopup('project-subject-new/radar'));
  assert.is(view.getByTestId('where').textContent, 'project|radar|groups|subject-dialog');
});

react('Link renders a real <a href="#/..."> and navigates on a plain click', () => {
  window.history.replaceState(null, '', '/#/');
  const router = createRouter({ routes, history: createHashHistory() });
  const view = render(
    <RouterProvider router={router}>
      <Link to="project/radar?tab=subjects" className="nav-link">
        Radar
      </Link>
      <Where />
    </RouterProvider>,
  );
  const link = view.getByText('Radar') as HTMLAnchorElement;
  assert.is(link.getAttribute('href'), '#/project/radar?tab=subjects');
  assert.is(link.className, 'nav-link');
  fireEvent.click(link);
  assert.is(window.location.hash, '#/project/radar?tab=subjects');
  assert.is(view.getByTestId('where').textContent, 'project|radar|subjects|-');
  router.destroy();
});

react('modified clicks and other targets are left to the browser', () => {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = createRouter({ routes, history });
  const view = render(
    <RouterProvider router={router}>
      <Link to="project/radar">Radar</Link>
      <Link to="project/other" target="_blank">
        Other
      </Link>
    </RouterProvider>,
  );
  // Stand in for the browser opening a new tab: after React has seen the click, stop the page from leaving.
  const stayHere = (event: Event) => event.preventDefault();
  document.addEventListener('click', stayHere);
  try {
    fireEvent.click(view.getByText('Radar'), { ctrlKey: true });
    fireEvent.click(view.getByText('Other'));
  } finally {
    document.removeEventListener('click', stayHere);
  }
  assert.is(router.getState().location.path, '');
});

react('Link with replace replaces the history entry', () => {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const router = createRouter({ routes, history });
  const view = render(
    <RouterProvider router={router}>
      <Link to="project/radar" replace>
        Radar
      </Link>
    </RouterProvider>,
  );
  fireEvent.click(view.getByText('Radar'));
  assert.is(history.action, 'REPLACE');
  assert.is(history.index, 0);
});

react('useDocumentTitle writes the translated page title', () => {
  const router = createRouter({ routes, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const dictionary: Record<string, string> = { 'project.title': 'Project', 'managementPortalApp.title': 'Management Portal' };
  const translator = { t: (k: string) => dictionary[k] ?? k, has: (k: string) => k in dictionary };
  function Title() {
    useDocumentTitle(translator);
    return null;
  }
  render(
    <RouterProvider router={router}>
      <Title />
    </RouterProvider>,
  );
  assert.is(document.title, 'Management Portal');
  act(() => router.navigate('project/radar'));
  assert.is(document.title, 'Project radar', 'the title names the entity');
});

react('hooks outside the provider are a clear error', () => {
  const originalError = console.error;
  console.error = () => undefined;
  try {
    assert.throws(() => render(<Where />), /outside <RouterProvider>/);
  } finally {
    console.error = originalError;
  }
});

react.run();
