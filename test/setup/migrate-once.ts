// Run as a separate process by the migration test: migrates DATABASE_URL and prints what this process applied.
import { migrate } from '../../src/server/db/migrate';
import { openPostgres } from '../../src/server/db/postgres';

const db = openPostgres(process.env.DATABASE_URL!);
const applied = await migrate(db);
await db.close();
console.log(JSON.stringify(applied));
