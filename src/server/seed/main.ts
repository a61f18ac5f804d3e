// `npm run seed -- [--subjects N] [--password P] [--chunk N]`: fills the database the server would use (DATABASE_URL,
// else the embedded database in DATA_DIR, which must not be held by a running server) with the demo data set and
// N subjects (default 1000). Migrates first and creates the first system admin like a server start would, so the
// server can start on the result directly. Seeding again adds N more subjects.
import { hashPassword } from '../auth/password-hash';
import { loadConfig } from '../config';
import { runCommand } from '../cli';
import { bootstrap } from '../db/bootstrap';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { seedSubjects } from './bulk-subjects';
import { attachDemoSource, seedDemoData } from './demo-data';

interface SeedOptions {
  subjects: number;
  password?: string;
  chunk: number;
}

const USAGE = 'usage: npm run seed -- [--subjects N] [--password PASSWORD] [--chunk N]';

function parseArgs(argv: string[]): SeedOptions {
  const options: SeedOptions = { subjects: 1000, chunk: 25_000, password: process.env.SEED_PASSWORD || undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = inline ?? argv[++i];
    if (flag === '--subjects' || flag === '--chunk') {
      if (!/^\d{1,9}$/.test(value ?? '') || (flag === '--chunk' && Number(value) < 1)) throw new Error(`${flag} needs a whole number\n${USAGE}`);
      options[flag === '--subjects' ? 'subjects' : 'chunk'] = Number(value);
    } else if (flag === '--password') {
      if (!value || value.length < 8) throw new Error(`--password needs at least 8 characters\n${USAGE}`);
      options.password = value;
    } else {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
    const boot = await bootstrap(db, config.adminPassword);
    if (boot.generatedPassword) console.log(`first system admin created: login "admin", password "${boot.generatedPassword}" (shown once)`);
    const hash = options.password ? await hashPassword(options.password) : '!no-password';
    const staff = await db.transaction((tx) => seedDemoData(tx, hash));
    console.log(`demo data: organizations main and Radar-CNS, projects radar, Radar-Pilot-01 and cns-study, staff ${staff.join(', ')}`);
    if (!options.password) console.log('staff users have no password (pass --password or SEED_PASSWORD to sign in as them)');
    if (options.subjects > 0) {
      const result = await seedSubjects(db, options.subjects, {
        chunk: options.chunk,
        progress: (done) => process.stdout.write(`\rsubjects: ${done}/${options.subjects}`),
      });
      console.log(`\nsubjects sub-${result.first}..sub-${result.last} in ${(result.ms / 1000).toFixed(1)} s ` +
        `(${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
      await db.transaction(attachDemoSource);
    }
  } finally {
    await db.close();
  }
}

runCommand(main);
