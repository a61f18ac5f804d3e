// The data set of the load benchmarks (bench/load.ts, bench/study.ts): the demo projects with SEEDED_SUBJECTS
// subjects, and a bearer token of the system admin.
import { PERMISSIONS } from '../src/common/permission-matrix';
import { SigningKeys } from '../src/server/auth/signing-keys';
import { mintAccessToken } from '../src/server/auth/tokens';
import { bootstrap } from '../src/server/db/bootstrap';
import type { Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { seedSubjects } from '../src/server/seed/bulk-subjects';
import { seedDemoData } from '../src/server/seed/demo-data';
import { ADMIN_PASSWORD } from './bench-server';
import type { Fixture } from './load-workload';

export const SEEDED_SUBJECTS = 2000;

export async function seed(db: Database): Promise<Fixture> {
  await migrate(db);
  await bootstrap(db, ADMIN_PASSWORD);
  await db.transaction((tx) => seedDemoData(tx, '!bench'));
  await seedSubjects(db, SEEDED_SUBJECTS, { chunk: SEEDED_SUBJECTS });
  const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const { token } = await mintAccessToken(db, new SigningKeys(db), {
    clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 6 * 3600, grantType: 'authorization_code', userId: admin.id,
  });
  // Statistics for the seeded tables, as autovacuum gives the seeded database a minute later: each server connection
  // plans the subject DTO functions once (migration 060), and the first run, on a copy taken before autovacuum had
  // analysed the seed, kept plans made without them (twice the database CPU of the runs after it). Not the history
  // (revision, revision_change), which the seed leaves all but empty and the run fills: analysed empty, a plan made on
  // it read a subject's provenance by walking or scanning the whole table for the rest of the run.
  const [{ tables }] = await db.query<{ tables: string }>(
    `SELECT string_agg(quote_ident(c.relname), ', ') AS tables FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.relname NOT IN ('revision', 'revision_change')`);
  await db.query(`ANALYZE ${tables}`);
  const [project] = await db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'radar'");
  const subjects = await db.query<{ id: number; login: string }>(
    'SELECT id, login FROM subject WHERE project_id = $1 ORDER BY id LIMIT 500', [project.id]);
  return { token, projectId: project.id, subjects };
}

