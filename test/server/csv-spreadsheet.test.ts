// The portal's CSV files as a spreadsheet reads them (issue #34, item 5; common/csv.ts): the audit export and the
// subject export are converted by LibreOffice Calc (`soffice --headless --convert-to fods`), once with `,` and once
// with `;` as the separator (a Dutch, German or French installation), and the converted sheet must hold no formula.
// Every value was planted as a user could type it: a login of a failed sign-in, a subject's attributes. Needs
// `soffice` (Debian: `apt-get install libreoffice-calc`); without it the test says so and checks nothing, the
// parser-level test (test/common/csv.test.ts) still runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';

const soffice = spawnSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).stdout.trim();
const PLANTED = ['x;=2+5;y', 'x,=2+5,y', '=2+5', ' =2+5', '+2+5', '-2+5', '@SUM(1;2)', 'a\n=2+5', 'a\t=2+5', "'=2+5"];

let server: TestServer;
let admin: AsUser;
let dir: string;
const t = suite('csv in a spreadsheet');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar', externalId: 'x;=2+5;y' }]);
  const attributes = Object.fromEntries(PLANTED.map((value, i) => [`k${i}`, value]));
  await server.app.db.query(
    `INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
     SELECT s.id, k, v FROM subject s, jsonb_each_text($1::jsonb) AS a(k, v) WHERE s.login = 'sub-1'`,
    [JSON.stringify(attributes)],
  );
  for (const login of PLANTED) {
    await server.app.db.query("INSERT INTO audit_event (principal, event_date, event_type, data) VALUES ($1, now(), 'AUTHENTICATION_FAILURE', $2)", [login, JSON.stringify({ login })]);
  }
  admin = await asUser(server, 'admin');
  dir = mkdtempSync(join(tmpdir(), 'csv-sheet-'));
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Per file (by name, without `.csv`), the formulas of the sheet LibreOffice makes of it read with `separator`. */
function formulasOf(names: string[], separator: ',' | ';'): Record<string, string[]> {
  const out = join(dir, separator === ',' ? 'comma' : 'semicolon');
  // Filter options: separator, text delimiter `"`, UTF-8 (76), from line 1. One start of LibreOffice for all files.
  execFileSync(soffice, [
    '--headless', '--norestore', `-env:UserInstallation=file://${join(dir, 'profile')}`,
    `--infilter=CSV:${separator.charCodeAt(0)},34,76,1`, '--convert-to', 'fods', '--outdir', out, ...names.map((n) => join(dir, `${n}.csv`)),
  ], { stdio: 'pipe', timeout: 120_000 });
  return Object.fromEntries(names.map((name) => {
    const sheet = readFileSync(join(out, `${name}.fods`), 'utf8');
    assert.match(sheet, /<table:table-cell/, 'LibreOffice made a sheet');
    return [name, [...sheet.matchAll(/table:formula="([^"]*)"/g)].map((m) => m[1])];
  }));
}

t('the audit export and the subject export open in LibreOffice with `,` and with `;` without a formula', async () => {
  if (!soffice) {
    console.log('  soffice not installed: the spreadsheet reading is skipped (see test/common/csv.test.ts)');
    return;
  }
  const audit = await admin('GET', '/management/audits/export?format=csv');
  assert.is(audit.status, 200);
  for (const value of PLANTED) assert.ok(audit.text.includes(value.split(/[;,\n\t]/)[0]), value);
  const subjects = await admin('GET', '/api/projects/radar/subjects.csv');
  assert.is(subjects.status, 200);
  writeFileSync(join(dir, 'audit.csv'), audit.text);
  writeFileSync(join(dir, 'subjects.csv'), subjects.text);
  // The planted values would run: the same file written without the neutralising (a control for the reading).
  writeFileSync(join(dir, 'control.csv'), `login\r\n${PLANTED.filter((v) => !/[\n\t]/.test(v)).map((v) => (/[,;]/.test(v) ? `"${v}"` : v)).join('\r\n')}\r\n`);
  for (const separator of [',', ';'] as const) {
    const formulas = formulasOf(['control', 'audit', 'subjects'], separator);
    assert.ok(formulas.control.length > 0, `the control file runs formulas when read with ${separator}`);
    assert.equal(formulas.audit, [], `audit export read with ${separator}`);
    assert.equal(formulas.subjects, [], `subject export read with ${separator}`);
  }
});

t.run();
