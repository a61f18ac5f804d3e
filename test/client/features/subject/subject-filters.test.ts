// The subject list's filter model: URL matrix names, trimming, validation and the API's parameter names.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  EMPTY_FILTERS,
  activeFilterKeys,
  filterDebounceMs,
  filterQuery,
  filtersFromMatrix,
  filtersToMatrix,
  validateFilters,
} from '../../../../src/client/features/subject/subject-filters';
import { toQueryString } from '../../../../src/client/lib/query-string';

const filters = (patch: Partial<typeof EMPTY_FILTERS>) => ({ ...EMPTY_FILTERS, ...patch });

test('every filter maps to its API parameter; dates carry the day bounds and the zone', () => {
  const query = filterQuery(
    filters({
      subjectId: ' sub ',
      externalId: 'ext',
      humanReadableId: 'HR-1',
      groupId: '7',
      personName: 'Jo',
      dateOfBirth: '1990-02-03',
      enrollmentDateFrom: '2024-01-01',
      enrollmentDateTo: '2024-01-31',
    }),
    '[Europe/Amsterdam]',
  );
  assert.is(
    decodeURIComponent(toQueryString(query)),
    'login=sub&externalId=ext&personName=Jo&humanReadableIdentifier=HR-1&groupId=7&dateOfBirth.is=1990-02-03' +
      '&enrollmentDate.from=2024-01-01T00:00[Europe/Amsterdam]&enrollmentDate.to=2024-01-31T23:59[Europe/Amsterdam]',
  );
});

test('empty and blank filters send nothing', () => {
  assert.is(toQueryString(filterQuery(filters({ subjectId: '   ' }), 'Z')), '');
});

test('the URL matrix names round-trip, trimmed, and empty ones leave the URL', () => {
  const read = filtersFromMatrix({ externalId: ' abc ', enrollmentDateTo: '2024-01-02', tab: 'x' });
  assert.equal(read, filters({ externalId: 'abc', enrollmentDateTo: '2024-01-02' }));
  assert.equal(filtersToMatrix(filters({ humanReadableId: ' h ' })), {
    subjectId: null, externalId: null, humanReadableId: 'h', groupId: null,
    enrollmentDateFrom: null, enrollmentDateTo: null, personName: null, dateOfBirth: null, notSeenDays: null, neverPaired: null,
  });
  assert.equal(activeFilterKeys(filters({ personName: 'x', dateOfBirth: ' ' })), ['personName']);
});

test('validation: invalidRange when from is after to, invalidDate for anything not yyyy-mm-dd', () => {
  assert.equal(validateFilters(filters({ enrollmentDateFrom: '2024-02-01', enrollmentDateTo: '2024-01-01' })), { enrollmentDateFrom: 'invalidRange' });
  assert.equal(validateFilters(filters({ enrollmentDateFrom: '2024-01-01', enrollmentDateTo: '2024-01-01' })), {});
  assert.equal(validateFilters(filters({ dateOfBirth: '2023-02-29' })), { dateOfBirth: 'invalidDate' });
  assert.equal(validateFilters(filters({ enrollmentDateTo: 'soon' })), { enrollmentDateTo: 'invalidDate' });
});

test('debounces: 200 ms for text, none for dates, 1 ms for the group', () => {
  assert.is(filterDebounceMs('externalId'), 200);
  assert.is(filterDebounceMs('humanReadableId'), 200);
  assert.is(filterDebounceMs('dateOfBirth'), 0);
  assert.is(filterDebounceMs('enrollmentDateFrom'), 0);
  assert.is(filterDebounceMs('groupId'), 1);
});

test('"Not seen for N days" and pairing: lastSeen.before to the minute, neverSeen; bad day counts stop the query', () => {
  const now = Date.parse('2024-05-10T12:34:56.789Z');
  const q = filterQuery({ ...EMPTY_FILTERS, notSeenDays: '7', neverPaired: 'false' }, 'Z', now);
  assert.equal(q.lastSeen, { before: '2024-05-03T12:34:00.000Z' });
  assert.is(q.neverSeen, 'false');
  assert.is(filterQuery({ ...EMPTY_FILTERS, neverPaired: 'true' }, 'Z', now).neverSeen, 'true');
  assert.equal(filterQuery(EMPTY_FILTERS, 'Z', now).lastSeen, { before: '' });
  for (const bad of ['0', '1.5', 'x', '3651']) assert.equal(validateFilters({ ...EMPTY_FILTERS, notSeenDays: bad }), { notSeenDays: 'invalidDays' }, bad);
  assert.equal(validateFilters({ ...EMPTY_FILTERS, notSeenDays: '30' }), {});
});

test.run();
