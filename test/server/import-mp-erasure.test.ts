// An erased subject (docs/subjects.md, "Erasure") stays erased when ManagementPortal is imported again: import-mp
// matches it by login and keeps its person name, date of birth, external link, attributes and its user's e-mail and
// names empty, whatever ManagementPortal still holds.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { importFromMp } from '../../src/server/import-mp/import-run';
import { addTestRows, createMpDatabase, type MpSource } from './import-mp-source';

let server: TestServer;
let mp: MpSource;
const t = suite('import-mp after an erasure');

t.before(async () => {
  mp = await createMpDatabase();
  await addTestRows(mp.db);
  await mp.db.query("UPDATE radar_user SET email = 'jane.doe@example.org', first_name = 'Jane', last_name = 'Doe' WHERE login = 'sub-a'");
  server = await startTestServer();
  const first = await importFromMp(mp.db, server.app.db);
  assert.equal(first.conflicts, [], first.format());
});
t.after(async () => {
  await server?.close();
  await mp?.drop();
  await dropTemplates();
});

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => server.app.db.query<T>(sql, params);
const personal = () => q(
  `SELECT s.person_name, s.date_of_birth::text AS date_of_birth, s.external_link, s.external_id, u.email, u.first_name, u.last_name,
          (SELECT count(*)::int FROM subject_metadata m WHERE m.subject_id = s.id) AS attributes
     FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE s.login = 'sub-a'`);

t('a re-run fills nothing of the erased subject; the others are imported as before', async () => {
  assert.equal(await personal(), [{
    person_name: 'Jane Doe', date_of_birth: '1980-02-29', external_link: 'https://example.org/p/1', external_id: 'EXT-1',
    email: 'jane.doe@example.org', first_name: 'Jane', last_name: 'Doe', attributes: 2,
  }]);
  const admin = await asUser(server, 'admin');
  const erased = await admin('POST', '/api/subjects/sub-a/erasure', { json: { reason: 'asked by the participant', confirmLogin: 'sub-a' } });
  assert.is(erased.status, 200, erased.text);

  const again = await importFromMp(mp.db, server.app.db);
  assert.equal(again.conflicts, [], again.format());
  const empty = { person_name: null, date_of_birth: null, external_link: null, external_id: 'EXT-1', email: null, first_name: null, last_name: null, attributes: 0 };
  assert.equal(await personal(), [empty]);
  const [other] = await q<{ person_name: string | null }>("SELECT person_name FROM subject WHERE login = 'sub-c'");
  assert.is(other.person_name, 'Gone Person');
  const found = await q("SELECT 1 FROM revision_change WHERE snapshot::text LIKE '%Jane Doe%' OR snapshot::text LIKE '%jane.doe@%'");
  assert.is(found.length, 0);
});

t.run();
