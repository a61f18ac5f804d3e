import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, waitFor, within } from '@testing-library/react';
import type { RevisionInfoDTO } from '../../../../src/common/dto';
import { RevisionPage } from '../../../../src/client/features/revision';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN } from '../../components/harness';

const REVISION: RevisionInfoDTO = {
  id: 5,
  timestamp: '2024-05-06T07:08:09.000+00:00',
  author: 'admin',
  changes: {
    ADD: {
      sourcetype: [{ id: 1, producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, sourceData: [{ sourceDataName: 'E4_ACC' }] }],
    },
    MOD: {
      project: [
        { id: 2, projectName: 'other', description: 'not this one', location: 'x', organizationName: 'main' },
        {
          id: 3,
          projectName: 'radar',
          description: 'First words',
          location: 'Utrecht',
          organization: { id: 1, name: 'main', description: '', location: '', projects: [] },
          attributes: { team: 'blue' },
        },
      ],
      subject: [{ id: 8, login: 'sub-1', status: 'ACTIVATED', personName: 'Private Person', group: 'g1', sources: [], attributes: {}, roles: [] }],
    },
    DEL: { source: [{ id: 4, sourceName: 'dev-1', assigned: false, sourceType: null, attributes: {} }] },
  },
};

const t = suite('revision view');
let scrolled: Element[] = [];
t.before.each(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
t.after.each(() => cleanup());

t('shows the revision, its changes grouped by type and kind, and highlights the entity the URL names', async () => {
  const h = await harness({ url: '/revisions/5?kind=project&key=radar', account: SYS_ADMIN, answers: { 'GET api/revisions/5': json(REVISION) } });
  const view = h.render(<RevisionPage params={{ revisionId: '5' }} close={() => {}} />);
  assert.ok(view.getByRole('heading', { level: 1, name: 'Revision 5' }));
  assert.ok(view.getByText('Loading…'));
  await waitFor(() => assert.ok(view.getByRole('heading', { level: 2, name: 'Added' })));
  assert.ok(h.calls.some((c) => c.url === 'api/revisions/5'));
  assert.equal(view.getAllByRole('heading', { level: 2 }).map((e) => e.textContent), ['Added', 'Modified', 'Deleted']);
  assert.equal(view.getAllByRole('heading', { level: 3 }).map((e) => e.textContent), ['Source type', 'Project', 'Subject', 'Source']);
  assert.ok(view.getByText('admin'));

  const highlighted = view.container.querySelectorAll('.revision-entity--highlighted');
  assert.is(highlighted.length, 1);
  const radar = highlighted[0] as HTMLElement;
  assert.is(radar.getAttribute('aria-current'), 'true');
  assert.ok(radar.classList.contains('revision-entity--mod'));
  assert.ok(within(radar).getByText('First words'));
  assert.ok(within(radar).getByText('team => blue'));
  assert.is(within(radar).getByRole('link', { name: 'main' }).getAttribute('href'), '/organization/main');
  assert.is(within(radar).getByRole('link', { name: 'Current version' }).getAttribute('href'), '/project/radar');
  assert.equal(scrolled, [radar]);
  assert.is(document.activeElement, radar);

  const type = view.container.querySelector('.revision-entity--add') as HTMLElement;
  assert.ok(within(type).getByText('Empatica_E4_v1'));
  assert.ok(within(type).getByText('Passive'), 'the scope as the source type pages show it');
  assert.ok(within(type).getByText('No'));
  assert.is(within(type).getByRole('link', { name: 'E4_ACC' }).getAttribute('href'), '/source-data/E4_ACC');

  const deleted = view.container.querySelector('.revision-entity--del') as HTMLElement;
  assert.ok(within(deleted).getByRole('heading', { level: 4, name: 'dev-1' }));
  assert.not.ok(within(deleted).queryByRole('link', { name: 'Current version' }), 'a deleted entity has no live page');
  assert.ok(within(view.container.querySelectorAll('.revision-entity--mod')[2] as HTMLElement).getByText('Activated'));
  assert.equal(h.missing, []);
});

t('a source type is named by producer, model and catalogVersion; site settings hide subject fields', async () => {
  const h = await harness({
    url: '/revisions/5?kind=sourcetype&producer=Empatica&model=E4&catalogVersion=v1',
    account: SYS_ADMIN,
    answers: { 'GET api/revisions/5': json(REVISION) },
  });
  h.session.store.setState({ hiddenSubjectFields: new Set(['person_name', 'group'] as const) });
  const view = h.render(<RevisionPage params={{ revisionId: '5' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.container.querySelector('.revision-entity--highlighted')));
  const highlighted = view.container.querySelector('.revision-entity--highlighted') as HTMLElement;
  assert.ok(highlighted.classList.contains('revision-entity--add'));
  assert.ok(within(highlighted).getByText('Empatica_E4_v1'));
  assert.not.ok(view.queryByText('Private Person'));
  assert.not.ok(view.queryByText('Person name'));
  assert.ok(view.getByRole('heading', { level: 4, name: 'sub-1' }));
  assert.ok(view.getByText('Date of birth'), 'a field the settings do not hide');
});

/** A revision whose snapshots hold a value of each enumeration the DTOs type. */
const ENUMS: RevisionInfoDTO = {
  id: 9,
  timestamp: '2024-05-06T07:08:09.000+00:00',
  author: 'admin',
  changes: {
    ADD: {
      role: [{ id: 1, authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }],
      sourcedata: [{ id: 2, sourceDataName: 'E4_ACC', processingState: 'RAW' }],
    },
    MOD: {
      project: [{ id: 3, projectName: 'radar', projectStatus: 'ONGOING' }],
      user: [{ id: 4, login: 'jo', langKey: 'nl', roles: [{ authorityName: 'ROLE_PROJECT_ANALYST', projectName: 'radar' }, { authorityName: 'ROLE_SYS_ADMIN' }] }],
      subject: [{ id: 5, login: 'sub-1', status: 'DISCONTINUED' }],
      sourcetype: [{ id: 6, producer: 'P', model: 'M', catalogVersion: 'v', sourceTypeScope: 'MONITOR' }],
    },
    DEL: {},
  },
};

for (const [language, words] of [
  ['en', ['Project admin, radar', 'Raw', 'Ongoing', 'Nederlands (nl)', 'Project analyst, radar', 'System admin', 'Discontinued', 'Monitor']],
  ['nl', ['Projectbeheerder, radar', 'Ruw', 'Lopend', 'Nederlands (nl)', 'Projectanalist, radar', 'Systeembeheerder', 'Beëindigd', 'Monitor']],
] as const) {
  t(`enumerated values and roles read as the rest of the portal shows them (${language}), never raw`, async () => {
    const h = await harness({ url: '/revisions/9', account: SYS_ADMIN, language, answers: { 'GET api/revisions/9': json(ENUMS) } });
    const view = h.render(<RevisionPage params={{ revisionId: '9' }} close={() => {}} />);
    await waitFor(() => assert.ok(view.container.querySelector('.revision-entity')));
    const text = (view.container.querySelector('main, section') ?? view.container).textContent ?? '';
    for (const word of words) assert.ok(text.includes(word), `${word} in ${text}`);
    for (const raw of ['ROLE_', 'ONGOING', 'DISCONTINUED', 'MONITOR', 'RAW']) {
      const shown = [...view.container.querySelectorAll('dd, h4, .revision-changes a')].map((e) => e.textContent ?? '');
      assert.not.ok(shown.some((s) => s.includes(raw)), `${raw} shown raw: ${shown.join(' | ')}`);
    }
    const role = view.getByRole('heading', { level: 4, name: words[0] });
    assert.is(role.getAttribute('title'), 'ROLE_PROJECT_ADMIN: radar', 'the wire form stays as the title');
    assert.equal(h.missing, []);
  });
}

t('404 error.revisionsNotFound: a not-found message', async () => {
  const h = await harness({
    url: '/revisions/99',
    account: SYS_ADMIN,
    answers: {
      'GET api/revisions/99': json({ entityName: 'revision', errorCode: 'error.revisionsNotFound', message: 'x', params: { 'revision-id': '99' } }, 404),
    },
  });
  const view = h.render(<RevisionPage params={{ revisionId: '99' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('alert')));
  assert.is(view.getByRole('alert').textContent, 'Revision 99 was not found.');
  assert.equal(h.missing, []);
});

t('a server error or no answer: the revision could not be loaded', async () => {
  for (const answer of [json({}, 500), 'network-error' as const]) {
    const h = await harness({ url: '/revisions/6', account: SYS_ADMIN, answers: { 'GET api/revisions/6': answer } });
    const view = h.render(<RevisionPage params={{ revisionId: '6' }} close={() => {}} />);
    await waitFor(() => assert.ok(view.getByRole('alert')));
    assert.is(view.getByRole('alert').textContent, 'The revision could not be loaded.');
    cleanup();
  }
});

t('a revision without changes says so', async () => {
  const h = await harness({
    url: '/revisions/7',
    account: SYS_ADMIN,
    answers: { 'GET api/revisions/7': json({ id: 7, timestamp: REVISION.timestamp, author: 'system', changes: { ADD: {}, MOD: {}, DEL: {} } }) },
  });
  const view = h.render(<RevisionPage params={{ revisionId: '7' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('No changes were recorded in this revision.')));
  assert.ok(view.getByText('system'));
});

t.run();
