// The world of the source tests: the projects world (p1, p2 in organization main, p3 in other, one caller per role)
// plus source types written as rows (the source-type API is another engineer's): `wear` linked to every project,
// `phone` (dynamic registration allowed) linked to p1 only, `loose` linked to none. Subjects are rows too.
import { createSourceTypeRow, createSubjectRow, startWorld, type Caller, type World } from './projects-fixtures';

export interface SourceWorld extends World {
  types: { wear: number; phone: number; loose: number };
}

export async function startSourceWorld(): Promise<SourceWorld> {
  const world = await startWorld();
  const db = world.server.app.db;
  const types = {
    wear: await createSourceTypeRow(world.server, 'acme', 'wear'),
    phone: await createSourceTypeRow(world.server, 'acme', 'phone'),
    loose: await createSourceTypeRow(world.server, 'acme', 'loose'),
  };
  await db.query('UPDATE source_type SET dynamic_registration = true WHERE id = $1', [types.phone]);
  await db.query(
    `INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name IN ('p1', 'p2', 'p3')`,
    [types.wear],
  );
  await db.query(`INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'p1'`, [types.phone]);
  return { ...world, types };
}

export const sourceBody = (sourceName: string, projectName: string | undefined, typeId: number, extra: Record<string, unknown> = {}) => ({
  sourceName,
  assigned: false,
  sourceType: { id: typeId },
  ...(projectName ? { project: { projectName } } : {}),
  ...extra,
});

/** Creates a source through the API as `caller` and answers its SourceDTO. */
export async function createSource(world: SourceWorld, caller: Caller, name: string, project: string | undefined, typeId = world.types.wear) {
  const res = await world.as[caller]('POST', '/api/sources', { json: sourceBody(name, project, typeId) });
  if (res.status !== 201) throw new Error(`fixture: source ${name} answered ${res.status} ${res.text}`);
  return res.body;
}

export { createSubjectRow };
