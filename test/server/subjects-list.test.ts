// Every SubjectCriteria and every sort direction of the subject lists, against a brute-force answer computed in JS
// over the same rows: walking all keyset pages (via the Link header, and the way the client builds its cursor)
// must return every matching subject exactly once, in order, with the right X-Total-Count on every page.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { parseCriteria } from '../../src/server/subjects/criteria';
import { buildListStatement } from '../../src/server/subjects/list-sql';
import { seedListDataset, walkByCursor, walkByLink } from './subjects-dataset';
import { oracle, type OracleQuery, type OracleSubject } from './subjects-oracle';

let server: TestServer;
let all: OracleSubject[];
let admin: AsUser;
const t = suite('subject lists against a brute-force ordering');
t.before(async () => {
  server = await startTestServer();
  all = await seedListDataset(server);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

type Sort = OracleQuery['sort'];
const SORTS: [string, Sort][] = [
  ['', [['id', 'asc']]],
  ['sort=login,asc', [['login', 'asc']]],
  ['sort=login,desc', [['login', 'desc']]],
  ['sort=externalId,asc', [['externalId', 'asc'], ['id', 'asc']]],
  ['sort=externalId,desc', [['externalId', 'desc'], ['id', 'asc']]],
  ['sort=id,desc', [['id', 'desc']]],
  ['sort=externalId,desc&sort=login,asc', [['externalId', 'desc'], ['login', 'asc']]],
  ['sort=externalId,asc&sort=id,desc', [['externalId', 'asc'], ['id', 'desc']]],
  ['sort=EXTERNALID,DESC,id,desc', [['externalId', 'desc'], ['id', 'desc']]],
  ['sort=id,desc&sort=login,asc&sort=externalId', [['id', 'desc']]],
  ['sort=externalId,asc,login,desc', [['externalId', 'asc'], ['login', 'desc']]],
];

const groupA = () => all.find((s) => s.project === 'radar' && s.group === 'Group A')!.groupId!;
/** A date of birth some radar subjects share, so `dateOfBirth.is` matches something. */
const someBirthDate = () => all.find((s) => s.project === 'radar' && s.dateOfBirth)!.dateOfBirth!;

const FILTERS: [string, () => Omit<OracleQuery, 'sort' | 'project'>][] = [
  ['login=SUB-1', () => ({ login: 'sub-1' })],
  ['externalId=ext', () => ({ externalId: 'ext' })],
  ['externalId=%25', () => ({ externalId: '%' })],
  ['externalId=_', () => ({ externalId: '_' })],
  ['externalId=a%5Cb', () => ({ externalId: 'a\\b' })],
  ['personName=DOE', () => ({ personName: 'doe' })],
  ['humanReadableIdentifier=H-1', () => ({ humanReadableIdentifier: 'H-1' })],
  ['humanReadableIdentifier=h-1', () => ({ humanReadableIdentifier: 'h-1' })],
  [`groupId=GROUP`, () => ({ groupId: groupA() })],
  ['dateOfBirth.is=BIRTH', () => ({ dateOfBirth: { is: someBirthDate() } })],
  ['dateOfBirth.from=1985-01-01&dateOfBirth.to=1992-12-31', () => ({ dateOfBirth: { from: '1985-01-01', to: '1992-12-31' } })],
  ['dateOfBirth.to=1990-05-15', () => ({ dateOfBirth: { to: '1990-05-15' } })],
  ['dateOfBirth.is=BIRTH&dateOfBirth.from=2000-01-01', () => ({ dateOfBirth: { is: someBirthDate() } })],
  ['enrollmentDate.from=2024-03-31T00:00[Europe/Amsterdam]&enrollmentDate.to=2024-03-31T23:59[Europe/Amsterdam]',
    () => ({ enrollmentDate: { from: new Date('2024-03-30T23:00:00Z'), to: new Date('2024-03-31T21:59:00Z') } })],
  ['enrollmentDate.from=2024-01-01', () => ({ enrollmentDate: { from: new Date('2024-01-01T00:00:00Z') } })],
  ['enrollmentDate.is=2024-03-31T01:00%2B01:00', () => ({ enrollmentDate: { is: new Date('2024-03-31T00:00:00Z') } })],
  ['enrollmentDate.to=2024-03-30T23:59:59Z', () => ({ enrollmentDate: { to: new Date('2024-03-30T23:59:59Z') } })],
  ['authority=ROLE_INACTIVE_PARTICIPANT', () => ({ authorities: ['ROLE_INACTIVE_PARTICIPANT'] })],
  ['authority=ROLE_PARTICIPANT&authority=ROLE_INACTIVE_PARTICIPANT', () => ({ authorities: ['ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'] })],
  ['authority=inactive_participant&login=sub', () => ({ authorities: ['ROLE_INACTIVE_PARTICIPANT'], login: 'sub' })],
  ['login=null&externalId=%20%20&personName=john', () => ({ personName: 'john' })],
  ['externalId=ext&personName=o&dateOfBirth.from=1981-01-01', () => ({ externalId: 'ext', personName: 'o', dateOfBirth: { from: '1981-01-01' } })],
];

function expectWalk(walk: { logins: string[]; totals: Set<string> }, expected: OracleSubject[], label: string) {
  assert.equal(walk.logins, expected.map((s) => s.login), `${label}: order, no subject skipped or repeated`);
  assert.equal([...walk.totals], [String(expected.length)], `${label}: X-Total-Count on every page`);
}

const query = (...parts: string[]) => parts.filter(Boolean).join('&');

t('the data set is varied enough to mean something', () => {
  assert.ok(all.filter((s) => s.project === 'radar').length > 80);
  assert.ok(all.some((s) => s.externalId === null) && all.some((s) => s.externalId === ''));
  assert.ok(all.some((s) => (s.inactiveIn ?? []).length));
});

t('every sort order of a project list, walked through the Link header and by the client cursor', async () => {
  for (const [sort, keys] of SORTS) {
    const expected = oracle(all, { project: 'radar', sort: keys });
    expectWalk(await walkByLink(admin, `/api/projects/radar/subjects?${query('size=7', sort)}`), expected, `link ${sort}`);
    expectWalk(await walkByCursor(admin, '/api/projects/radar/subjects', query('size=9', sort)), expected, `cursor ${sort}`);
  }
});

t('every criterion, each with a rotating sort order', async () => {
  let i = 0;
  for (const [filter, criteria] of FILTERS) {
    const [sort, keys] = SORTS[i++ % SORTS.length];
    const q = filter.replace('GROUP', String(groupA())).replace('BIRTH', someBirthDate());
    assert.ok(oracle(all, { ...criteria(), project: 'radar', sort: keys }).length || /h-1|a%5Cb|%25/.test(q), `${q} matches nothing`);
    const expected = oracle(all, { ...criteria(), project: 'radar', sort: keys });
    expectWalk(await walkByLink(admin, `/api/projects/radar/subjects?${query('size=5', q, sort)}`), expected, `${q} ${sort}`);
    const [sort2, keys2] = SORTS[(i + 4) % SORTS.length];
    const expected2 = oracle(all, { ...criteria(), project: 'radar', sort: keys2 });
    expectWalk(await walkByCursor(admin, '/api/projects/radar/subjects', query('size=4', q, sort2)), expected2, `cursor ${q} ${sort2}`);
  }
});

/** Walks the list statement itself page by page, its branch for substring filters chosen by `fewMatches`. */
async function walkStatement(q: string, fewMatches: number): Promise<string[]> {
  const logins: string[] = [];
  let last: { subject_id: number; subject_login: string; subject_external_id: string | null } | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams(q);
    if (last) {
      params.set('last.id', String(last.subject_id));
      params.set('last.login', last.subject_login);
      params.set('last.externalId', last.subject_external_id ?? '');
    }
    const c = parseCriteria(params, 'radar');
    const st = buildListStatement(c, { name: 'radar' }, undefined, fewMatches);
    const rows = (await server.app.db.query<NonNullable<typeof last> & { dto: string | null }>(st.sql, st.params, { planPerCall: st.planPerCall }))
      .filter((r) => r.dto !== null);
    logins.push(...rows.map((r) => r.subject_login));
    if (rows.length < c.size) return logins;
    last = rows[rows.length - 1];
  }
  throw new Error(`${q}: more than 100 pages`);
}

t('substring filters: the fetch-and-sort and the index-walk branches answer the same pages', async () => {
  const substring = FILTERS.filter(([f]) => /login=|externalId=|personName=|humanReadableIdentifier=/.test(f));
  assert.ok(substring.length >= 8);
  let i = 0;
  for (const [filter, criteria] of substring) {
    const [sort, keys] = SORTS[i++ % SORTS.length];
    const q = query('size=4', filter, sort);
    const expected = oracle(all, { ...criteria(), project: 'radar', sort: keys }).map((s) => s.login);
    assert.equal(await walkStatement(q, 5000), expected, `fetch and sort: ${q}`);
    assert.equal(await walkStatement(q, 0), expected, `walk: ${q}`);
  }
});

t('the global list: every project, or one named project, filters included', async () => {
  for (const [sort, keys] of SORTS.slice(0, 6)) {
    expectWalk(await walkByLink(admin, `/api/subjects?${query('size=13', sort)}`), oracle(all, { sort: keys }), `all ${sort}`);
  }
  const keys: Sort = [['login', 'desc']];
  expectWalk(await walkByLink(admin, '/api/subjects?size=6&projectName=pilot&sort=login,desc'), oracle(all, { project: 'pilot', sort: keys }), 'pilot');
  expectWalk(await walkByLink(admin, '/api/subjects?size=6&authority=ROLE_INACTIVE_PARTICIPANT&sort=login,desc'),
    oracle(all, { authorities: ['ROLE_INACTIVE_PARTICIPANT'], sort: keys }), 'inactive everywhere');
  expectWalk(await walkByLink(admin, '/api/subjects?size=11&externalId=EXT&authority=ROLE_PARTICIPANT,ROLE_INACTIVE_PARTICIPANT&sort=login,desc'),
    oracle(all, { externalId: 'ext', authorities: ['ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'], sort: keys }), 'both authorities');
});

t('a first page answers size rows, the total, and the exact Link of docs/subjects.md', async () => {
  const res = await admin('GET', '/api/projects/radar/subjects?size=3&sort=externalId,desc&externalId=ext&dateOfBirth.is=1985-03-12&login=sub');
  const expected = oracle(all, { project: 'radar', externalId: 'ext', dateOfBirth: { is: '1985-03-12' }, login: 'sub', sort: [['externalId', 'desc'], ['id', 'asc']] });
  assert.is(res.headers.get('x-total-count'), String(expected.length));
  const first = await admin('GET', '/api/projects/radar/subjects?size=2&sort=login,desc&dateOfBirth.from=1980-01-01&groupId=1&personName=o');
  if (first.body.length) {
    const last = first.body[first.body.length - 1];
    const ext = last.externalId ? `&last.externalId=${encodeURIComponent(last.externalId)}` : '';
    assert.is(first.headers.get('link'),
      `</api/projects/radar/subjects?dateOfBirth.from=1980-01-01&groupId=1&personName=o&projectName=radar&authority=ROLE_PARTICIPANT&size=2&page=0&sort=login,desc&last.id=${last.id}&last.login=${encodeURIComponent(last.login)}${ext}>; rel="next"`);
  }
  const none = await admin('GET', '/api/projects/radar/subjects?login=no-such-subject');
  assert.equal(none.body, []);
  assert.is(none.headers.get('x-total-count'), '0');
  assert.is(none.headers.get('link'), null);
});

t('size is clamped to 2000 and page offsets pages that carry no cursor', async () => {
  const keys: Sort = [['login', 'asc']];
  const expected = oracle(all, { project: 'radar', sort: keys }).map((s) => s.login);
  const big = await admin('GET', '/api/projects/radar/subjects?size=999999&sort=login');
  assert.equal(big.body.map((s: { login: string }) => s.login), expected);
  assert.match(big.headers.get('link') ?? '', /size=2000&page=0&sort=login,asc/);
  const second = await admin('GET', '/api/projects/radar/subjects?size=10&page=1&sort=login');
  assert.equal(second.body.map((s: { login: string }) => s.login), expected.slice(10, 20));
});

t.run();
