// Data for tests that run the server as its own process (kill -9, WORKERS=N): written straight into the database
// before the process starts, with a bearer token of the system admin minted with the database's own signing key.
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { SigningKeys } from '../../src/server/auth/signing-keys';
import { mintAccessToken } from '../../src/server/auth/tokens';
import { bootstrap } from '../../src/server/db/bootstrap';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { ADMIN_PASSWORD } from './server';

export interface ProcessFixture {
  token: string;
  /** The demo project `radar`, as a SubjectDTO names it. */
  radar: { id: number; projectName: string };
}

export async function seedForProcess(db: Database): Promise<ProcessFixture> {
  await migrate(db);
  await bootstrap(db, ADMIN_PASSWORD);
  await db.transaction((tx) => seedDemoData(tx, '!test'));
  const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const { token } = await mintAccessToken(db, new SigningKeys(db), {
    clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 3600, grantType: 'authorization_code', userId: admin.id,
  });
  const [radar] = await db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'radar'");
  return { token, radar: { id: radar.id, projectName: 'radar' } };
}

/** POST api/subjects with the fixture's token; answers the status (0 when the connection failed). */
export async function createSubjectOver(url: string, fixture: ProcessFixture, login: string): Promise<number> {
  try {
    const res = await fetch(`${url}/api/subjects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ login, project: fixture.radar }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
