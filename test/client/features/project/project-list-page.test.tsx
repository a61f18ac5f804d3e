import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { ProjectListPage } from '../../../../src/client/features/project';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('project list');
t.after.each(() => cleanup());

t('all cached projects, sorted by name in the browser, re-sorted by a header click', async () => {
  const h = await harness({
    url: '/project',
    account: SYS_ADMIN,
    answers: {
      'GET api/projects': json([
        { projectName: 'zeta', description: 'z', location: 'A', organizationName: 'main', projectStatus: 'ENDED' },
        { projectName: 'alpha', humanReadableProjectName: 'Alpha study', description: 'a', location: 'B', organizationName: 'other' },
      ]),
    },
  });
  await act(() => tick(5));
  const view = h.render(<ProjectListPage params={{}} close={() => {}} />);
  const firstCells = () => view.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);
  assert.equal(firstCells(), ['Alpha study', 'zeta']);
  assert.ok(view.getByRole('link', { name: 'Alpha study' }).getAttribute('href')!.endsWith('/project/alpha'));
  assert.ok(view.getByRole('cell', { name: 'Ended' }));
  fireEvent.click(view.getByRole('button', { name: /Organization/ }));
  assert.is(h.history.location.search, '?sort=organization,asc');
  fireEvent.click(view.getByRole('button', { name: /Organization/ }));
  assert.equal(firstCells(), ['Alpha study', 'zeta']);
  fireEvent.click(view.getByRole('button', { name: /Location/ }));
  fireEvent.click(view.getByRole('button', { name: /Location/ }));
  assert.equal(firstCells(), ['Alpha study', 'zeta'], 'location descending: B before A');
  assert.equal(h.missing, []);
});

t('a project list that failed to load shows the failure with Retry, never "no projects"', async () => {
  const h = await harness({
    url: '/project',
    account: SYS_ADMIN,
    answers: { 'GET api/projects': [{ status: 503 }, json([{ projectName: 'radar', description: 'r', location: 'L', organizationName: 'main' }])] },
  });
  await act(() => tick(5));
  const view = h.render(<ProjectListPage params={{}} close={() => {}} />);
  assert.ok(view.getByRole('alert').textContent?.includes('503'));
  assert.is(view.queryByRole('table'), null);
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Try again' }));
    await tick(10);
  });
  assert.is(view.queryByRole('button', { name: 'Try again' }), null);
  assert.ok(view.getByRole('link', { name: 'radar' }));
  assert.equal(h.missing, []);
});

t.run();
