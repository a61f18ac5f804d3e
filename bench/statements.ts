// SQL statements per request for representative operations, as a system admin and as a project admin, both with a
// bearer token and with nothing cached but the signing keys (each request is made twice; the second is counted).
// Prints a table; asserts nothing. `node --import tsx bench/statements.ts` (embedded database, about 10 s).
import { asUser, createProjectRow, createUser } from '../test/setup/auth';
import { createSource, insertSubjects } from '../test/setup/subjects';
import { startTestServer } from '../test/setup/server';

const server = await startTestServer();
try {
  await createProjectRow(server, 'radar', 'main');
  await insertSubjects(server, [{ login: 'sub-1', project: 'radar', externalId: 'E-1' }, { login: 'sub-2', project: 'radar' }]);
  await createSource(server, 'radar', 'src-1');
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  const callers = { sysAdmin: await asUser(server, 'admin'), projectAdmin: await asUser(server, 'radar-admin') };

  const db = server.app.db;
  const original = db.query.bind(db);
  let count = 0;
  db.query = ((...args: unknown[]) => {
    count++;
    return (original as (...a: unknown[]) => Promise<unknown[]>)(...args);
  }) as typeof db.query;
  // Statements inside a transaction go through its own handle: count those too (BEGIN and COMMIT are not counted).
  const originalTransaction = db.transaction.bind(db);
  db.transaction = (<T>(fn: (tx: typeof db) => Promise<T>) =>
    originalTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: unknown[]) => {
        count++;
        return (txQuery as (...a: unknown[]) => Promise<unknown[]>)(...args);
      }) as typeof tx.query;
      return fn(tx as typeof db);
    })) as typeof db.transaction;

  const cases: [string, string, unknown?][] = [
    ['GET', '/api/projects/radar/subjects'],
    ['GET', '/api/subjects/sub-1'],
    ['GET', '/api/projects'],
    ['GET', '/api/projects/radar'],
    ['GET', '/api/organizations'],
    ['GET', '/api/organizations/main'],
    ['GET', '/api/projects/radar/sources'],
    ['GET', '/api/sources/src-1'],
    ['GET', '/api/users'],
    ['GET', '/api/source-types'],
    ['GET', '/api/projects/radar/groups'],
    ['GET', '/api/account'],
    ['PUT', '/api/organizations', { id: 1, name: 'main', description: 'Main organization', location: 'Delft' }],
  ];
  console.log('statements per request (second of two identical requests):');
  console.log(`  ${'request'.padEnd(40)} ${'sysAdmin'.padStart(9)} ${'projAdmin'.padStart(9)}`);
  for (const [method, path, json] of cases) {
    const cells: string[] = [];
    for (const call of Object.values(callers)) {
      await call(method, path, json === undefined ? {} : { json });
      count = 0;
      const res = await call(method, path, json === undefined ? {} : { json });
      cells.push(`${count} (${res.status})`.padStart(9));
    }
    console.log(`  ${`${method} ${path}`.padEnd(40)} ${cells.join(' ')}`);
  }
  db.query = original;
  db.transaction = originalTransaction;
} finally {
  await server.close();
}
