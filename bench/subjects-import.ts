// Subject import benchmark (docs/subjects.md, "Import"): a CSV file of N new subjects (10,000 by default) into
// project radar, checked as a dry run and then committed, timed separately. Prints figures, asserts nothing.
// `node --import tsx bench/subjects-import.ts [--db pglite|postgres] [--rows N]`; on PostgreSQL it uses its own
// database mp_bench_import.
import { loadavg } from 'node:os';
import { csvLine } from '../src/common/csv';
import type { RequestContext } from '../src/server/http/context';
import type { Principal } from '../src/server/auth/principal';
import { importSubjects } from '../src/server/subjects/subject-import';
import { benchDatabase, postgresServerUrl } from './subjects-database';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const kind = (option('db') ?? (postgresServerUrl() ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const rows = Number(option('rows') ?? 10_000);
const log = (line: string) => console.log(line);

const { db } = await benchDatabase(kind, 1000, true, log, 'mp_bench_import');
let file = csvLine(['externalId', 'personName', 'dateOfBirth', 'enrollmentDate', 'attribute:site', 'attribute:arm']);
for (let i = 0; i < rows; i++) {
  file += csvLine([`IMP-${i}`, `Person ${i}`, `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`, '2024-01-01T09:00:00Z', `site-${i % 7}`, i % 2 ? 'A' : 'B']);
}
const ctx = { app: { db, config: { hiddenSubjectFields: [] } } } as unknown as RequestContext;
const principal = { login: 'admin', token: {} } as unknown as Principal;
log(`${kind}: ${rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB; load average ${loadavg()[0].toFixed(2)}`);

async function timed(label: string, dryRun: boolean): Promise<void> {
  const t0 = performance.now();
  const reply = await importSubjects(ctx, principal, 'radar', file, dryRun);
  const ms = performance.now() - t0;
  const body = reply.body as { created: number; updated: number; unchanged: number; errors: unknown[] };
  log(`  ${label.padEnd(12)} ${(ms / 1000).toFixed(2)} s  created ${body.created}, updated ${body.updated}, unchanged ${body.unchanged}, errors ${body.errors.length}`);
}
await timed('dry run', true);
await timed('commit', false);
await timed('re-import', true);
const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE external_id LIKE 'IMP-%'");
log(`  subjects now in the database from the file: ${n}; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await db.close();
