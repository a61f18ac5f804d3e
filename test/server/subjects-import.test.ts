// POST api/projects/{p}/subjects/import and the CSV exports (docs/subjects.md, "Import", "Export"): the report of a
// dry run, a commit in one transaction with one revision, every kind of row error, hidden fields, who may import,
// a failure half-way that leaves nothing written, and an export that imports back as every row unchanged. Every kind
// of error answers its code and params (common/import-error.ts) besides its English message.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsv } from '../../src/common/csv';
import type { ImportError } from '../../src/common/import-report';
import { readImportFile } from '../../src/server/subjects/import-file';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createGroup, insertSubjects, projectRef, writeFootprint } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
const t = suite('subject import and export');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await createGroup(server, 'radar', 'Group A');
  await insertSubjects(server, [{ login: 'known', project: 'radar', externalId: 'EXT-1', personName: 'Ann' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'radar-analyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const db = () => server.app.db;
const csv = (text: string) => ({ body: text, headers: { 'content-type': 'text/csv' } });
const importAs = (as: AsUser, text: string, dryRun: boolean, project = 'radar') =>
  as('POST', `/api/projects/${project}/subjects/import?dryRun=${dryRun}`, csv(text));

t('a dry run reports every row and writes nothing; the commit writes them with one revision', async () => {
  const file = '\uFEFFexternalId;personName;dateOfBirth;group;attribute:site\r\nEXT-1;Ann;;;\r\nEXT-2;Bob;2001-02-03;Group A;Leiden\r\nEXT-1b;"Smith; J";;;\r\n';
  const before = await writeFootprint(server);
  const dry = await importAs(admin, file, true);
  assert.is(dry.status, 200, dry.text);
  assert.equal({ created: dry.body.created, updated: dry.body.updated, unchanged: dry.body.unchanged, errors: dry.body.errors }, { created: 2, updated: 0, unchanged: 1, errors: [] });
  assert.equal(dry.body.rows.map((r: { row: number; action: string }) => [r.row, r.action]), [[2, 'unchanged'], [3, 'create'], [4, 'create']]);
  assert.equal(await writeFootprint(server), before, 'a dry run writes nothing');
  const revisionsBefore = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM revision'))[0].n;
  const done = await importAs(admin, file, false);
  assert.is(done.status, 200, done.text);
  assert.is(done.body.created, 2);
  const created = await db().query<{ login: string; person_name: string; date_of_birth: string | null; group_id: number | null }>(
    "SELECT login, person_name, date_of_birth::text AS date_of_birth, group_id FROM subject WHERE external_id IN ('EXT-2', 'EXT-1b') ORDER BY external_id",
  );
  assert.equal(created.map((s) => s.person_name), ['Smith; J', 'Bob']);
  assert.is(created[1].date_of_birth, '2001-02-03');
  assert.ok(created[1].group_id !== null);
  assert.equal(done.body.rows.filter((r: { action: string }) => r.action === 'create').map((r: { login: string }) => r.login).sort(), created.map((s) => s.login).sort());
  const [attr] = await db().query<{ attribute_value: string }>("SELECT m.attribute_value FROM subject_metadata m JOIN subject s ON s.id = m.subject_id WHERE s.external_id = 'EXT-2' AND m.attribute_key = 'site'");
  assert.is(attr.attribute_value, 'Leiden');
  assert.is((await db().query<{ n: number }>('SELECT count(*)::int AS n FROM revision'))[0].n, revisionsBefore + 1, 'one revision');
  const changes = await db().query<{ change_type: string; entity_key: string; snapshot: unknown }>(
    "SELECT change_type, entity_key, snapshot FROM revision_change WHERE revision_id = (SELECT max(id) FROM revision) ORDER BY id",
  );
  assert.equal(changes.map((c) => c.change_type), ['ADD', 'ADD']);
  const snapshot = (typeof changes[0].snapshot === 'string' ? JSON.parse(changes[0].snapshot) : changes[0].snapshot) as { project: { projectName: string } };
  assert.is(snapshot.project.projectName, 'radar');
  const roles = await db().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM role_users ru JOIN radar_role r ON r.id = ru.role_id JOIN radar_user u ON u.id = ru.user_id WHERE u.login = $1 AND r.authority_name = 'ROLE_PARTICIPANT'",
    [created[0].login],
  );
  assert.is(roles[0].n, 1, 'participant role');
});

t('an update by external id changes only what the file gives; a second import is all unchanged', async () => {
  const file = 'externalId,externalLink,attribute:site\nEXT-2,https://example.org/b,Delft\n';
  const res = await importAs(admin, file, false);
  assert.is(res.body.updated, 1, res.text);
  const [s] = await db().query<{ external_link: string; person_name: string }>("SELECT external_link, person_name FROM subject WHERE external_id = 'EXT-2'");
  assert.equal({ ...s }, { external_link: 'https://example.org/b', person_name: 'Bob' });
  const again = await importAs(admin, file, true);
  assert.equal([again.body.created, again.body.updated, again.body.unchanged], [0, 0, 1]);
  const [change] = await db().query<{ change_type: string }>("SELECT change_type FROM revision_change WHERE revision_id = (SELECT max(id) FROM revision)");
  assert.is(change.change_type, 'MOD');
});

t('row errors name row, column and reason; any error means a commit writes nothing', async () => {
  const file = [
    'externalId,dateOfBirth,enrollmentDate,group,externalLink',
    'NEW-1,2001-13-01,,,',
    'NEW-2,,yesterday,,',
    'NEW-3,,,No such group,',
    'NEW-4,,,,',
    'NEW-4,,,,',
    `NEW-5,,,,${'x'.repeat(300)}`,
    'NEW-6,,',
  ].join('\n');
  const before = await writeFootprint(server);
  const dry = await importAs(admin, file, true);
  assert.is(dry.status, 200);
  const errors = dry.body.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
  assert.equal(errors, ['2:dateOfBirth', '3:enrollmentDate', '4:group', '6:externalId', '7:externalLink', '8:']);
  assert.ok(dry.body.errors[3].message.includes('row 5'), dry.body.errors[3].message);
  assert.is(dry.body.created, 1);
  const commit = await importAs(admin, file, false);
  assert.is(commit.status, 400);
  assert.is(commit.body.errorCode, 'error.importInvalid');
  assert.equal(await writeFootprint(server), before);
});

t('the header: unknown columns, hidden fields, a repeated column; bad files', async () => {
  let res = await importAs(admin, 'externalId,colour\nX,red\n', true);
  assert.equal(res.body.errors, [{ row: 1, column: 'colour', code: 'unknownColumn', params: {}, message: 'Unknown column' }]);
  server.app.config.hiddenSubjectFields = ['person_name', 'date_of_birth'];
  try {
    res = await importAs(admin, 'externalId,personName,dateOfBirth\nX,Y,\n', true);
    assert.equal(res.body.errors.map((e: { column: string }) => e.column), ['personName', 'dateOfBirth']);
    const exported = await admin('GET', '/api/projects/radar/subjects.csv');
    assert.not.ok(parseCsv(exported.text).header.includes('personName'), 'hidden fields are not exported');
  } finally {
    server.app.config.hiddenSubjectFields = [];
  }
  res = await importAs(admin, 'externalId,externalId\nX,Y\n', true);
  assert.is(res.body.errors[0].message, 'The column appears twice');
  res = await importAs(admin, 'externalId\n"open\n', true);
  assert.is(res.body.errors[0].message, 'A quoted field is not closed');
  res = await admin('POST', '/api/projects/radar/subjects/import', { body: Buffer.from([0x65, 0x0a, 0xff, 0xfe]), headers: { 'content-type': 'text/csv' } });
  assert.is(res.status, 400, 'not UTF-8');
  res = await admin('POST', '/api/projects/radar/subjects/import', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
  assert.is(res.status, 400);
  assert.match(res.body.description, /Content type/);
  res = await importAs(admin, 'externalId\nX\n', true, 'nope');
  assert.is(res.status, 404);
});

/** `row:column:code` of each error of a dry run. */
async function codes(text: string): Promise<string[]> {
  const res = await importAs(admin, text, true);
  assert.is(res.status, 200, res.text);
  for (const e of res.body.errors as ImportError[]) assert.ok(typeof e.message === 'string' && e.message !== '', 'the English message stays');
  return (res.body.errors as ImportError[]).map((e) => `${e.row}:${e.column}:${e.code}`);
}

t('every kind of error answers its code and params besides its English message', async () => {
  // The file as CSV.
  assert.equal(await codes('externalId\n"open\n'), ['2::unclosedQuote']);
  assert.equal(await codes('externalId\n"a"b\n'), ['2::textAfterQuote']);
  assert.equal(await codes('externalId\na"b\n'), ['2::quoteInField']);
  assert.equal(await codes('\n'), ['1::emptyFile']);
  // The header.
  server.app.config.hiddenSubjectFields = ['person_name'];
  try {
    assert.equal(await codes(`externalId,colour,externalId,attribute:${'k'.repeat(256)},personName\nX,,,,\n`), [
      '1:colour:unknownColumn', '1:externalId:duplicateColumn', `1:attribute:${'k'.repeat(256)}:attributeKeyLength`, '1:personName:hiddenColumn',
    ]);
  } finally {
    server.app.config.hiddenSubjectFields = [];
  }
  // The rows: cells, field rules, other rows and the project's subjects.
  await insertSubjects(server, [{ login: 'other-known', project: 'radar', externalId: 'EXT-OTHER' }]);
  const long = 'x'.repeat(300);
  const file = [
    'login,externalId,dateOfBirth,enrollmentDate,group,attribute:site',
    'nobody,A-1,2001-13-01,yesterday,No group,',
    'known,A-1,,,,',
    'known,,,,,',
    `,B-1,,,,${long}`,
    `,${long},,,${'g'.repeat(51)},`,
    ',B-3',
    'Bad Login!,B-5,,,,',
    'other-known,EXT-1,,,,',
  ].join('\n');
  const res = await importAs(admin, file, true);
  assert.is(res.status, 200, res.text);
  const found = (res.body.errors as ImportError[]).map((e) => `${e.row}:${e.column}:${e.code}`);
  for (const expected of [
    '2:login:loginNotFound', '2:dateOfBirth:notDate', '2:enrollmentDate:notDateTime', '2:group:unknownGroup',
    '3:externalId:duplicateExternalId', '4:login:duplicateLogin', '5:attribute:site:tooLong', '6:group:tooLong', '6:externalId:maxLength',
    '7::cellCount', '8:login:pattern', '9:externalId:externalIdTaken',
  ]) assert.ok(found.includes(expected), `${expected} in ${found.join(' ')}`);
  const error = (key: string) => (res.body.errors as ImportError[]).find((e) => `${e.row}:${e.column}:${e.code}` === key)!;
  assert.equal(error('2:group:unknownGroup').params, { group: 'No group' });
  assert.is(error('2:group:unknownGroup').message, 'Unknown group: No group');
  assert.equal(error('3:externalId:duplicateExternalId').params, { row: 2 });
  assert.equal(error('4:login:duplicateLogin').params, { row: 3 });
  assert.equal(error('5:attribute:site:tooLong').params, { max: 255 });
  assert.equal(error('6:group:tooLong').params, { max: 50 });
  assert.equal(error('6:externalId:maxLength').params, { min: 0, max: 255 }, 'a field rule keeps its code and params');
  assert.equal(error('7::cellCount').params, { cells: 2, columns: 6 });
  assert.ok(typeof error('8:login:pattern').params.pattern === 'string');
  // Text PostgreSQL cannot store never gets past the request body's check; the file reader names it all the same.
  const [record] = readImportFile('externalId\nA\u0000\n', []).records;
  assert.equal(record.errors.map((e) => e.code), ['unstorableText']);
});

t('who may import: project admins of the project, not analysts or other projects', async () => {
  const file = 'externalId\nPERM-1\n';
  assert.is((await importAs(await asUser(server, 'radar-admin'), file, true)).status, 200);
  assert.is((await importAs(await asUser(server, 'radar-analyst'), file, true)).status, 403);
  assert.is((await importAs(await asUser(server, 'pilot-admin'), file, true)).status, 403);
  assert.is((await server.request('POST', '/api/projects/radar/subjects/import', csv(file))).status, 401);
});

t('a failure half-way through the commit leaves nothing written', async () => {
  await db().query(`CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.attribute_value = 'boom' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
  await db().query('CREATE TRIGGER fail_on_boom BEFORE INSERT ON subject_metadata FOR EACH ROW EXECUTE FUNCTION fail_on_boom()');
  try {
    const before = await writeFootprint(server);
    const res = await importAs(admin, 'externalId,attribute:x\nHALF-1,fine\nEXT-2,\nHALF-2,boom\n', false);
    assert.is(res.status, 500);
    assert.equal(await writeFootprint(server), before);
  } finally {
    await db().query('DROP TRIGGER fail_on_boom ON subject_metadata');
    await db().query('DROP FUNCTION fail_on_boom()');
  }
});

t('the export: the list criteria and sort, spreadsheet-safe cells, and it imports back unchanged', async () => {
  const safe = await importAs(admin, 'externalId,personName,attribute:note\nSAFE-1,"=HYPERLINK(""x"")",+1\nSAFE-2,\'quoted,-2\n', false);
  assert.is(safe.body.created, 2, safe.text);
  const res = await admin('GET', '/api/projects/radar/subjects.csv?sort=externalId,desc');
  assert.is(res.status, 200, res.text);
  assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
  assert.ok(res.text.startsWith('login,externalId,'), 'fetch drops the byte order mark; the streamed test sees it');
  const table = parseCsv(res.text);
  assert.equal(table.header.slice(-4), ['attribute:note', 'attribute:site', 'paired', 'lastPairedAt']);
  const ids = table.records.map((r) => r[1]);
  assert.equal(ids, [...ids].sort().reverse(), 'sorted as asked');
  assert.ok(res.text.includes(`"'=HYPERLINK(""x"")"`), 'formula made inert');
  assert.ok(res.text.includes("''quoted"));
  const filtered = parseCsv((await admin('GET', '/api/projects/radar/subjects.csv?externalId=SAFE')).text);
  assert.is(filtered.records.length, 2);
  const back = await importAs(admin, res.text, true);
  assert.equal(back.body.errors, []);
  assert.is(back.body.unchanged, table.records.length);
  assert.is(back.body.updated + back.body.created, 0);
  const all = await admin('GET', '/api/subjects.csv?projectName=radar');
  assert.is(parseCsv(all.text).records.length, table.records.length);
  assert.is((await (await asUser(server, 'pilot-admin'))('GET', '/api/projects/radar/subjects.csv')).status, 403);
  assert.is((await admin('GET', '/api/projects/radar/subjects.csv?colour=red')).status, 400);
});

t('the export streams every subject in batches', async () => {
  const { exportSubjects } = await import('../../src/server/subjects/subject-export');
  const { parseCriteria } = await import('../../src/server/subjects/criteria');
  const chunks: string[] = [];
  for await (const chunk of exportSubjects(db(), parseCriteria(new URLSearchParams(), 'radar'), { name: 'radar' }, [], 2)) chunks.push(chunk);
  const table = parseCsv(chunks.join(''));
  const [{ n }] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE project_id = (SELECT id FROM project WHERE project_name = 'radar')");
  assert.is(table.records.length, n);
  assert.is(new Set(table.records.map((r) => r[0])).size, n, 'no subject twice');
  assert.ok(chunks.length > 2);
  assert.ok(chunks[0].startsWith('\uFEFFlogin,'));
});

t('the export pages a lastSeen sort in batches, never-seen and seen subjects alike', async () => {
  const { exportSubjects } = await import('../../src/server/subjects/subject-export');
  const { parseCriteria } = await import('../../src/server/subjects/criteria');
  // Two subjects seen at the same instant (a tie), the rest never seen.
  await db().query(`UPDATE subject SET last_seen = '2026-01-02T03:04:05.123Z' WHERE id IN (
    SELECT s.id FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = 'radar' ORDER BY s.id LIMIT 2)`);
  const [{ n }] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE project_id = (SELECT id FROM project WHERE project_name = 'radar')");
  for (const direction of ['asc', 'desc']) {
    const chunks: string[] = [];
    const criteria = parseCriteria(new URLSearchParams(`sort=lastSeen,${direction}`), 'radar');
    for await (const chunk of exportSubjects(db(), criteria, { name: 'radar' }, [], 2)) chunks.push(chunk);
    const logins = parseCsv(chunks.join('')).records.map((r) => r[0]);
    assert.is(logins.length, n, direction);
    assert.is(new Set(logins).size, n, `no subject twice (${direction})`);
  }
});

// Issue #34, item 3: the rows of an import are bounded (IMPORT_MAX_ROWS), counted while the file is read.
t('a file over IMPORT_MAX_ROWS is a 413 error.importTooManyRows before any later row is read; at the limit it imports', async () => {
  const limit = server.app.config.importMaxRows;
  assert.is(limit, 10_000, 'the documented default');
  server.app.config.importMaxRows = 5;
  try {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `CAP-${i}`).join('\n');
    const atLimit = await importAs(admin, `externalId\n${rows(5)}\n`, true);
    assert.is(atLimit.status, 200, atLimit.text);
    assert.is(atLimit.body.created, 5);
    // The row after the limit is refused as soon as it is read: the broken quoting further on is never reached.
    for (const dryRun of [true, false]) {
      const over = await importAs(admin, `externalId\n${rows(6)}\n"never closed\n`, dryRun);
      assert.is(over.status, 413, over.text);
      assert.is(over.body.errorCode, 'error.importTooManyRows');
      assert.is(over.body.params.max, '5');
    }
    const [{ n }] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE external_id LIKE 'CAP-%'");
    assert.is(n, 0);
    // Blank lines are not rows.
    assert.is((await importAs(admin, `externalId\n\n\n${rows(5)}\n\n\n`, true)).status, 200);
  } finally {
    server.app.config.importMaxRows = limit;
  }
});

// Issue #34, item 14: a subject holds at most 100 attributes (MAX_SUBJECT_ATTRIBUTES), keys and values 255 characters.
t('attributes are bounded: 100 per subject, by file column, by what a row adds to the stored ones, and by the API', async () => {
  const keys = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `attribute:k${from + i}`);
  const wide = await importAs(admin, `externalId,${keys(30_000).join(',')}\nWIDE-1,${Array(30_000).fill('v').join(',')}\n`, true);
  assert.is(wide.status, 200, wide.text.slice(0, 300));
  assert.equal((wide.body.errors as ImportError[]).map((e) => `${e.row}:${e.column}:${e.code}:${e.params.max}`), ['1:attribute:k100:tooManyAttributes:100']);
  assert.is((await importAs(admin, `externalId,${keys(30_000).join(',')}\nWIDE-1,${Array(30_000).fill('v').join(',')}\n`, false)).status, 400);

  // 60 stored, 50 more from the file: 110 is too many; removing 10 of the stored ones in the same row makes 100.
  const sixty = await admin('POST', '/api/subjects', {
    json: { project: await projectRef(server, 'radar'), externalId: 'ATTR-60', attributes: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'v'])) },
  });
  assert.is(sixty.status, 201, sixty.text);
  const more = await importAs(admin, `externalId,${keys(50, 60).join(',')}\nATTR-60,${Array(50).fill('w').join(',')}\n`, true);
  assert.equal((more.body.errors as ImportError[]).map((e) => `${e.row}:${e.code}`), ['2:tooManyAttributes']);
  const swap = await importAs(admin, `externalId,${[...keys(50, 60), ...keys(10)].join(',')}\nATTR-60,${[...Array(50).fill('w'), ...Array(10).fill('')].join(',')}\n`, true);
  assert.equal(swap.body.errors, []);
  assert.is(swap.body.updated, 1);

  // The API: 101 attributes is one field error; a key or value over 255 characters too.
  const project = await projectRef(server, 'radar');
  const many = await admin('POST', '/api/subjects', { json: { project, attributes: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, 'v'])) } });
  assert.is(many.status, 400, many.text.slice(0, 300));
  assert.equal(many.body.fieldErrors, [{ objectName: 'subjectDTO', field: 'attributes', message: 'Size: at most 100 attributes' }]);
  assert.is((await admin('POST', '/api/subjects', { json: { project, attributes: { k: 'x'.repeat(256) } } })).status, 400);
  const hundred = await admin('POST', '/api/subjects', { json: { project, attributes: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(255)])) } });
  assert.is(hundred.status, 201, hundred.text.slice(0, 300));
});

t.run();
