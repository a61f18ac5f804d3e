import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fireEvent, waitFor } from '@testing-library/react';
import { SourceList } from '../../../../src/client/features/source/source-list';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN } from '../../components/harness';
import { source } from './fixtures';

const t = suite('source-list');
t.after.each(() => cleanup());

t('general list: server paged with the sort, the project column, row links and the create popup', async () => {
  const h = await harness({
    url: '/source',
    account: SYS_ADMIN,
    answers: { 'GET api/sources': { ...json([source(1, 'dev-1', { assigned: true, attributes: { os: 'x' } })]), headers: { 'X-Total-Count': '1' } } },
  });
  const view = h.render(<SourceList />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'dev-1' })));
  const call = h.calls.find((c) => c.url.startsWith('api/sources'))!;
  assert.is(call.url, 'api/sources?page=0&size=20&sort=id,asc');
  assert.ok(view.getByRole('columnheader', { name: /Project/ }));
  assert.ok(view.getByText('Assigned', { selector: '.badge' }));
  assert.ok(view.getByText('acme wear v1'));
  assert.ok(view.getByText('os: x'));
  assert.is(view.getByRole('link', { name: 'radar' }).getAttribute('href'), '/project/radar');
  assert.ok(view.getByRole('link', { name: 'Edit source dev-1' }).getAttribute('href')!.includes('(popup:general-source/dev-1/edit)'));
  assert.ok(view.getByRole('link', { name: 'Delete source dev-1' }).getAttribute('href')!.includes('(popup:source/dev-1/delete)'));
  fireEvent.click(view.getByRole('link', { name: 'Create a source' }));
  assert.is(h.router.getState().location.popup, 'general-source-new');
  assert.equal(h.missing, []);
});

t('project tab: the project\'s sources, no project column, project-scoped popups; reloads on a change', async () => {
  const h = await harness({
    url: '/project/radar?tab=sources',
    account: SYS_ADMIN,
    answers: { 'GET api/projects/radar/sources': [json([source(1, 'dev-1')]), json([source(1, 'dev-1'), source(2, 'dev-2')])] },
  });
  const view = h.render(<SourceList projectName="radar" />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'dev-1' })));
  assert.is(view.queryByRole('columnheader', { name: /Project/ }), null);
  assert.ok(view.getByText('Unassigned', { selector: '.badge' }));
  assert.ok(view.getByRole('link', { name: 'Edit source dev-1' }).getAttribute('href')!.includes('(popup:project-source/radar/dev-1/edit)'));
  assert.ok(view.getByRole('link', { name: 'Create a source' }).getAttribute('href')!.includes('(popup:project-source-new/radar)'));
  h.events.emit('sourceListModification', { deleted: 'dev-3' });
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'dev-2' })));
  assert.equal(h.missing, []);
});

t('a sort the table does not offer (left by another tab) falls back to id; a header click sorts on its field', async () => {
  const h = await harness({
    url: '/project/radar?tab=sources&sort=externalId,asc',
    account: SYS_ADMIN,
    answers: { 'GET api/projects/radar/sources': { ...json([source(1, 'dev-1')]), headers: { 'X-Total-Count': '1' } } },
  });
  const view = h.render(<SourceList projectName="radar" />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'dev-1' })));
  assert.equal(h.calls.filter((c) => c.url.startsWith('api/projects/radar/sources')).map((c) => c.url), ['api/projects/radar/sources?page=0&size=20&sort=id,asc']);
  assert.is(view.getByRole('columnheader', { name: /^ID/ }).getAttribute('aria-sort'), 'ascending');
  fireEvent.click(view.getByRole('button', { name: /Source name/ }));
  await waitFor(() => assert.ok(h.calls.some((c) => c.url === 'api/projects/radar/sources?page=0&size=20&sort=sourceName,asc&sort=id')));
  assert.is(h.history.location.search, '?tab=sources&sort=sourceName,asc');
});

t('a page past the last one (left by another tab) moves to the last page without a history step', async () => {
  const sources = Array.from({ length: 25 }, (_, i) => source(i + 1, `dev-${i + 1}`));
  const h = await harness({
    url: '/project/radar?tab=sources&page=4',
    account: SYS_ADMIN,
    answers: {
      'GET api/projects/radar/sources': (call) => {
        const page = Number(new URL(call.url, 'http://x/').searchParams.get('page'));
        return { ...json(sources.slice(page * 20, page * 20 + 20)), headers: { 'X-Total-Count': '25' } };
      },
    },
  });
  const entries = h.history.index;
  const view = h.render(<SourceList projectName="radar" />);
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'dev-25' })));
  const pages = h.calls.filter((c) => c.url.startsWith('api/projects/radar/sources')).map((c) => new URL(c.url, 'http://x/').searchParams.get('page'));
  assert.equal(pages, ['3', '1']);
  assert.is(h.history.location.search, '?tab=sources&page=2');
  assert.is(h.history.index, entries, 'replaced, so Back does not return to the empty page');
  assert.ok(view.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'));
  assert.ok(view.getByText('Showing 21 - 25 of 25 items'));
});

t.run();
