// The pure parts of the subject lists: ZonedDateTime and LocalDate parsing (java.time's DST rules), sort
// normalisation, and SubjectCriteria parsing (what is accepted, what is a 400).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../../src/server/http/errors';
import { parseCriteria } from '../../src/server/subjects/criteria';
import { normalizeSort } from '../../src/server/subjects/sort-order';
import { parseLocalDate, parseLocalDateInput, parseZonedDateTime } from '../../src/server/http/zoned-date-time';

const iso = (text: string) => parseZonedDateTime(text)?.toISOString();

test('ZonedDateTime forms of docs/api-conventions.md resolve to the instant java.time gives', () => {
  assert.is(iso('2024-01-01'), '2024-01-01T00:00:00.000Z');
  assert.is(iso('2024-01-01T00:00[Europe/Amsterdam]'), '2023-12-31T23:00:00.000Z');
  assert.is(iso('2024-07-01T23:59[Europe/Amsterdam]'), '2024-07-01T21:59:00.000Z');
  assert.is(iso('2024-01-01T10:15:30.5Z'), '2024-01-01T10:15:30.500Z');
  assert.is(iso('2024-01-01T10:15+05:30'), '2024-01-01T04:45:00.000Z');
  assert.is(iso('2024-01-01T10:15-0800'), '2024-01-01T18:15:00.000Z');
  assert.is(iso('2024-01-01T00:00+01:00[Europe/Amsterdam]'), '2023-12-31T23:00:00.000Z', 'the offset fixes the instant');
  assert.is(iso('2024-01-15T00:00[America/New_York]'), '2024-01-15T05:00:00.000Z');
  assert.is(iso('2024-01-15T00:00[UTC]'), '2024-01-15T00:00:00.000Z');
  assert.is(iso('2024-01-15T00:00[UTC+02:00]'), '2024-01-14T22:00:00.000Z');
});

test('a local time in a DST gap moves forward, in an overlap takes the earlier offset', () => {
  assert.is(iso('2024-03-31T02:30[Europe/Amsterdam]'), '2024-03-31T01:30:00.000Z'); // 03:30+02:00
  assert.is(iso('2024-10-27T02:30[Europe/Amsterdam]'), '2024-10-27T00:30:00.000Z'); // 02:30+02:00
  assert.is(iso('2024-03-10T02:30[America/New_York]'), '2024-03-10T07:30:00.000Z'); // 03:30-04:00
});

test('invalid dates and zones are undefined, never a guess', () => {
  for (const bad of ['', 'yesterday', '2024-02-30', '2024-13-01', '2024-01-01T24:00', '2024-01-01T10:60', '2024-1-1',
    '2024-01-01T00:00[Nowhere/Town]', '2024-01-01T00:00+19:00', '2024-01-01T00:00:00.0000000000Z', '2024-01-01 00:00']) {
    assert.is(parseZonedDateTime(bad), undefined, bad);
  }
  assert.is(parseLocalDate('2024-02-29'), '2024-02-29');
  assert.is(parseLocalDate('2023-02-29'), undefined);
  assert.is(parseLocalDateInput('2000-01-31T00:00:00.000Z'), '2000-01-31');
  assert.is(parseLocalDateInput('2000-01-31T23:30:00-02:00'), '2000-02-01');
  assert.is(parseLocalDateInput('2000-01-31T10:00'), undefined, 'a date-time without offset is not a date');
});

test('sort normalisation: duplicates dropped, cut after the first unique key, id asc appended', () => {
  const n = (...values: string[]) => normalizeSort(values).map((k) => `${k.property},${k.direction}`).join(' ');
  assert.is(n(), 'id,asc');
  assert.is(n('login,desc'), 'login,desc');
  assert.is(n('externalId'), 'externalId,asc id,asc');
  assert.is(n('EXTERNALID,DESC'), 'externalId,desc id,asc');
  assert.is(n('externalId,desc', 'externalId,asc', 'login'), 'externalId,desc login,asc');
  assert.is(n('id,desc', 'login,asc'), 'id,desc');
  assert.is(n('externalId,desc,login,desc,id'), 'externalId,desc login,desc');
  for (const bad of ['bogus', 'login,sideways', ',', 'personName,asc', 'asc']) {
    try {
      normalizeSort([bad]);
      assert.unreachable(bad);
    } catch (error) {
      assert.instance(error, HttpError);
      assert.is((error as HttpError).status, 400);
      assert.is(((error as HttpError).body as { errorCode: string }).errorCode, 'error.validation');
    }
  }
});

const parse = (query: string, project?: string) => parseCriteria(new URLSearchParams(query), project);

test('criteria: defaults, blank and "null" filters ignored, the path project wins, size clamped', () => {
  const c = parse('');
  assert.equal([c.size, c.page, c.authorities, c.sortGiven, c.last], [20, 0, ['ROLE_PARTICIPANT'], false, undefined]);
  const d = parse('login=null&externalId=%20&personName=x&projectName=other&size=5000', 'radar');
  assert.equal([d.login, d.externalId, d.personName, d.projectName, d.size], [undefined, undefined, 'x', 'radar', 2000]);
  assert.equal(parse('authority=participant,ROLE_INACTIVE_PARTICIPANT').authorities, ['ROLE_INACTIVE_PARTICIPANT', 'ROLE_PARTICIPANT']);
  assert.equal(parse('last.id=5&last.login=a').last, { id: 5, login: 'a', externalId: '' });
  assert.equal(parse('dateOfBirth.from=2000-01-01&dateOfBirth.to=2000-01-01').dateOfBirth, { from: '2000-01-01', to: '2000-01-01' });
});

test('criteria: every bad value is a 400 naming the parameter', () => {
  const cases: [string, string][] = [
    ['size=abc', 'size'], ['size=0', 'size'], ['page=-1', 'page'], ['page=x', 'page'], ['groupId=1.5', 'groupId'],
    ['groupId=99999999999999999999', 'groupId'], ['last.id=1e3', 'last.id'], ['dateOfBirth.is=2024-13-01', 'dateOfBirth.is'],
    ['dateOfBirth.from=2001-01-01&dateOfBirth.to=2000-01-01', 'dateOfBirth'], ['enrollmentDate.to=soon', 'enrollmentDate.to'],
    ['enrollmentDate.from=2024-01-02&enrollmentDate.to=2024-01-01T23:59[Europe/Amsterdam]', 'enrollmentDate'],
    ['authority=ROLE_SYS_ADMIN', 'authority'], ['foo=1', 'foo'], ['login=a&login=b', 'login'],
  ];
  for (const [query, field] of cases) {
    try {
      parse(query);
      assert.unreachable(query);
    } catch (error) {
      assert.instance(error, HttpError, query);
      const body = (error as HttpError).body as { message: string; fieldErrors: { field: string }[] };
      assert.is((error as HttpError).status, 400, query);
      assert.is(body.message, 'error.validation');
      assert.ok(body.fieldErrors.some((f) => f.field === field), `${query} names ${field}`);
    }
  }
});

test.run();
