import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RevisionInfoDTO } from '../../../../src/common/dto';
import { revisionChanges } from '../../../../src/client/features/revision/revision-links';

test('each change links to the view of its entity (a subject: its view at that revision), in added / modified / deleted order', () => {
  const revision: RevisionInfoDTO = {
    id: 3,
    timestamp: '2024-01-01T10:00:00.000+00:00',
    author: 'admin',
    changes: {
      ADD: { project: [{ projectName: 'radar' }], sourcetype: [{ producer: 'Empatica', model: 'E4', catalogVersion: 'v1' }] },
      MOD: { subject: [{ login: 'sub-1' }], user: [{ login: 'jo' }], sourcedata: [{ sourceDataName: 'acc' }] },
      DEL: { source: [{ sourceName: 'dev 1' }], role: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] },
    },
  };
  assert.equal(
    revisionChanges(revision).map((c) => [c.type, c.kind, c.label, c.to]),
    [
      ['ADD', 'project', 'radar', 'project/radar'],
      ['ADD', 'sourcetype', 'Empatica_E4_v1', 'source-type/Empatica/E4/v1'],
      ['MOD', 'subject', 'sub-1', 'subject/sub-1/revisions/3'],
      ['MOD', 'user', 'jo', 'user-management/jo'],
      ['MOD', 'sourcedata', 'acc', 'source-data/acc'],
      ['DEL', 'source', 'dev 1', 'source/dev%201'],
      ['DEL', 'role', 'radar: ROLE_PROJECT_ADMIN', 'role/radar/ROLE_PROJECT_ADMIN'],
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

test('a snapshot missing what the path needs gives no link', () => {
  const revision: RevisionInfoDTO = { id: 1, timestamp: '', author: 'a', changes: { ADD: { project: [{ id: 9 }] }, MOD: {}, DEL: {} } };
  assert.equal(revisionChanges(revision).map((c) => [c.label, c.to]), [['9', null]]);
});

test.run();
