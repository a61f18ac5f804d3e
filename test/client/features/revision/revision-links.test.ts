import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RevisionInfoDTO } from '../../../../src/common/dto';
import {
  entityIdentity,
  isNamedBy,
  livePathOf,
  revisionChanges,
  revisionViewPath,
} from '../../../../src/client/features/revision/revision-links';
import { parseAppUrl } from '../../../../src/client/lib/app-url';

test('each non-subject change links to the revision view naming its entity; a subject to its own view at that revision; added / modified / deleted order', () => {
  const revision: RevisionInfoDTO = {
    id: 3,
    timestamp: '2024-01-01T10:00:00.000+00:00',
    author: 'admin',
    changes: {
      ADD: { project: [{ projectName: 'radar' }], sourcetype: [{ producer: 'Empatica', model: 'E4', catalogVersion: 'v1' }] },
      MOD: { subject: [{ login: 'sub-1' }], user: [{ login: 'jo' }], sourcedata: [{ sourceDataName: 'acc' }] },
      DEL: {
        source: [{ sourceName: 'dev 1' }],
        role: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }],
        organization: [{ name: 'main' }],
      },
    },
  };
  assert.equal(
    revisionChanges(revision).map((c) => [c.type, c.kind, c.label, c.to]),
    [
      ['ADD', 'project', 'radar', 'revisions/3?kind=project&key=radar'],
      ['ADD', 'sourcetype', 'Empatica_E4_v1', 'revisions/3?kind=sourcetype&producer=Empatica&model=E4&catalogVersion=v1'],
      ['MOD', 'subject', 'sub-1', 'subject/sub-1/revisions/3'],
      ['MOD', 'user', 'jo', 'revisions/3?kind=user&key=jo'],
      ['MOD', 'sourcedata', 'acc', 'revisions/3?kind=sourcedata&key=acc'],
      ['DEL', 'source', 'dev 1', 'revisions/3?kind=source&key=dev%201'],
      ['DEL', 'role', 'radar: ROLE_PROJECT_ADMIN', 'revisions/3?kind=role&key=radar:ROLE_PROJECT_ADMIN'],
      ['DEL', 'organization', 'main', 'revisions/3?kind=organization&key=main'],
    ],
  );
});

test('a subject added links to its view at that revision; a deleted one (nothing to show there) to its history', () => {
  const revision: RevisionInfoDTO = {
    id: 12,
    timestamp: '',
    author: 'a',
    changes: { ADD: { subject: [{ login: 'sub 2' }] }, MOD: {}, DEL: { subject: [{ login: 'sub-3' }] } },
  };
  assert.equal(revisionChanges(revision).map((c) => [c.type, c.to]), [
    ['ADD', 'subject/sub%202/revisions/12'],
    ['DEL', 'subject/sub-3/revisions'],
  ]);
});

test('a snapshot missing its name is named by its id; with neither, the link still opens the revision', () => {
  const revision: RevisionInfoDTO = {
    id: 1,
    timestamp: '',
    author: 'a',
    changes: { ADD: { project: [{ id: 9 }], sourcetype: [{ producer: 'P', model: 'M' }], subject: [{}] }, MOD: {}, DEL: {} },
  };
  assert.equal(revisionChanges(revision).map((c) => [c.label, c.to]), [
    ['9', 'revisions/1?kind=project&id=9'],
    ['?', 'revisions/1?kind=sourcetype'],
    ['?', 'revisions/1?kind=subject'],
  ]);
});

test('the view recognises the entity its link names, through a real URL round trip (spaces, slashes, + and &)', () => {
  const cases: [Parameters<typeof revisionViewPath>[1], Record<string, unknown>][] = [
    ['project', { projectName: 'radar study & co' }],
    ['sourcetype', { producer: 'A+B', model: 'E4/2', catalogVersion: '1.0' }],
    ['source', { sourceName: 'dev 1' }],
    ['user', { login: 'jo@x.org' }],
    ['role', { organizationName: 'main', authorityName: 'ROLE_ORGANIZATION_ADMIN' }],
    ['sourcedata', { id: 4 }],
  ];
  for (const [kind, snapshot] of cases) {
    const { path, query } = parseAppUrl(revisionViewPath(7, kind, snapshot));
    assert.is(path, 'revisions/7');
    assert.ok(isNamedBy(query, kind, snapshot), `${kind}: ${JSON.stringify(query)}`);
  }
  const { query } = parseAppUrl(revisionViewPath(7, 'project', { projectName: 'radar' }));
  assert.not.ok(isNamedBy(query, 'project', { projectName: 'radar-2' }));
  assert.not.ok(isNamedBy(query, 'organization', { name: 'radar' }), 'another kind with the same key');
  assert.not.ok(isNamedBy({ kind: 'project' }, 'project', { projectName: 'radar' }), 'no key names nothing');
  assert.not.ok(isNamedBy({ kind: 'project', key: 'x' }, 'project', {}), 'an entity without identity is never named');
  assert.equal(entityIdentity('role', { authorityName: 'ROLE_SYS_ADMIN' }), { key: 'ROLE_SYS_ADMIN' });
});

test('live pages of each kind (the view links to them as "current version")', () => {
  assert.equal(
    [
      livePathOf('project', { projectName: 'radar' }),
      livePathOf('subject', { login: 's 1' }),
      livePathOf('source', { sourceName: 'd' }),
      livePathOf('sourcetype', { producer: 'P', model: 'M', catalogVersion: 'v' }),
      livePathOf('sourcedata', { sourceDataName: 'acc' }),
      livePathOf('user', { login: 'jo' }),
      livePathOf('organization', { name: 'main' }),
      livePathOf('role', { projectName: 'radar', authorityName: 'ROLE_PARTICIPANT' }),
      livePathOf('sourcetype', { producer: 'P' }),
    ],
    ['project/radar', 'subject/s%201', 'source/d', 'source-type/P/M/v', 'source-data/acc', 'user-management/jo', 'organization/main', 'role/radar/ROLE_PARTICIPANT', null],
  );
});

test.run();
