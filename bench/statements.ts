// SQL statements and round trips per request for representative operations (the load benchmark's seven kinds among
// them, with its bodies), as a system admin and as a project admin, both with a bearer token and with nothing cached
// but the signing keys (each request is made twice; the second is counted).
// Prints a table; asserts nothing. `node --import tsx bench/statements.ts` (embedded database, about 10 s).
import { asUser, createProjectRow, createUser } from '../test/setup/auth';
import { createSource, insertSubjects } from '../test/setup/subjects';
import { startTestServer } from '../test/setup/server';
import { countStatements } from '../test/setup/statement-counter';

const server = await startTestServer();
try {
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar', externalId: 'E-1' }, { login: 'sub-2', project: 'radar' }]);
  await createSource(server, 'radar', 'src-1');
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const callers = { sysAdmin: await asUser(server, 'admin'), projectAdmin: await asUser(server, 'radar-admin') };

  const [project] = await server.app.db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'radar'");
  const [subject] = await server.app.db.query<{ id: number }>("SELECT id FROM subject WHERE login = 'sub-2'");
  const radar = { id: project.id, projectName: 'radar' };
  // BEGIN and COMMIT are not counted (each is a round trip of its own on PostgreSQL, test/setup/statement-counter.ts).
  const counter = countStatements(server.app.db);

  let n = 0;
  // A body per call: the writes as the load benchmark sends them (bench/load-workload.ts), a create with a new login.
  const cases: [string, string, (() => unknown)?][] = [
    ['GET', '/api/projects/radar/subjects?size=20&sort=login,asc'],
    ['GET', '/api/subjects/sub-1'],
    ['GET', '/api/projects'],
    ['GET', '/api/projects/radar'],
    ['GET', '/api/organizations'],
    ['GET', '/api/organizations/main'],
    ['GET', '/api/projects/radar/sources'],
    ['GET', '/api/sources/src-1'],
    ['GET', '/api/users'],
    ['GET', '/api/users?size=20'],
    ['GET', '/api/source-types'],
    ['GET', '/api/projects/radar/groups'],
    ['GET', '/api/account'],
    ['PUT', '/api/organizations', () => ({ id: 1, name: 'main', description: 'Main organization', location: 'Delft' })],
    ['POST', '/api/subjects', () => ({ login: `load-${++n}`, externalId: `L-${n}`, project: radar, attributes: { site: 'bench' } })],
    ['PUT', '/api/subjects', () => ({ id: subject.id, login: 'sub-2', project: radar, personName: `Person ${++n}` })],
  ];
  console.log('statements / round trips per request (second of two identical requests; BEGIN and COMMIT not counted):');
  console.log(`  ${'request'.padEnd(56)} ${'sysAdmin'.padStart(12)} ${'projAdmin'.padStart(12)}`);
  for (const [method, path, body] of cases) {
    const cells: string[] = [];
    for (const call of Object.values(callers)) {
      await call(method, path, body === undefined ? {} : { json: body() });
      counter.reset();
      const res = await call(method, path, body === undefined ? {} : { json: body() });
      cells.push(`${counter.statements} / ${counter.roundTrips} (${res.status})`.padStart(12));
    }
    console.log(`  ${`${method} ${path}`.padEnd(56)} ${cells.join(' ')}`);
  }
  counter.restore();
} finally {
  await server.close();
}
