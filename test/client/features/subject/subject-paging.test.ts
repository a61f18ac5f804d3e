// Keyset paging of the subject list: the size rule, the cursor, the sort options and in-place list patches.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SubjectDTO } from '../../../../src/common/dto';
import {
  appendPage,
  applyModification,
  keysetAfter,
  nextPageSize,
  parseSubjectSort,
} from '../../../../src/client/features/subject/subject-paging';

const subject = (id: number, extra: Partial<SubjectDTO> = {}): SubjectDTO =>
  ({ id, login: `s-${id}`, status: 'ACTIVATED', roles: [], sources: [], attributes: {}, ...extra });

test('size = max(page*20 - loaded, 20)', () => {
  assert.is(nextPageSize(1, 0), 20);
  assert.is(nextPageSize(3, 0), 60);
  assert.is(nextPageSize(2, 20), 20);
  assert.is(nextPageSize(2, 25), 20);
  assert.is(nextPageSize(4, 30), 50);
});

test('the cursor is the last subject: id, login and external id (empty when missing)', () => {
  assert.equal(keysetAfter(subject(5, { externalId: 'x' })), { id: 5, login: 's-5', externalId: 'x' });
  assert.equal(keysetAfter(subject(6)), { id: 6, login: 's-6', externalId: '' });
  assert.is(keysetAfter(undefined), undefined);
});

test('sort: login or externalId in either order; anything else is login ascending', () => {
  assert.equal(parseSubjectSort('externalId,desc'), { field: 'externalId', ascending: false });
  assert.equal(parseSubjectSort('login'), { field: 'login', ascending: true });
  assert.equal(parseSubjectSort('id,desc'), { field: 'login', ascending: true });
  assert.equal(parseSubjectSort(undefined), { field: 'login', ascending: true });
});

test('pages merge without duplicates; CREATE prepends, UPDATE replaces, DELETE removes', () => {
  assert.equal(appendPage([subject(1), subject(2)], [subject(2), subject(3)]).map((s) => s.id), [1, 2, 3]);
  const list = { subjects: [subject(1), subject(2)], total: 5 };
  assert.equal(applyModification(list, { op: 'CREATE', subject: subject(9) }).subjects.map((s) => s.id), [9, 1, 2]);
  assert.is(applyModification(list, { op: 'CREATE', subject: subject(9) }).total, 6);
  const updated = applyModification(list, { op: 'UPDATE', subject: subject(2, { group: 'g' }) });
  assert.is(updated.subjects[1].group, 'g');
  assert.is(updated.total, 5);
  const removed = applyModification(list, { op: 'DELETE', subject: { login: 's-1' } as SubjectDTO });
  assert.equal(removed, { subjects: [subject(2)], total: 4 });
  assert.is(applyModification(list, { op: 'DELETE', subject: subject(42) }), list);
});

test.run();
