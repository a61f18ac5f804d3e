// `npm run reset-2fa -- <login>`: removes a user's second factor and recovery codes in the database the server would
// use (DATABASE_URL, else the embedded database in DATA_DIR, which must not be held by a running server), for a
// system admin locked out without phone or recovery codes (docs/users.md, "Two-factor sign-in"). Also clears the
// login's failed-sign-in lock. Audited as TWO_FACTOR_RESET by principal `system`.
import { loadConfig } from '../config';
import { runCommand } from '../cli';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { recordAuditEvent } from '../oauth/audit';
import { clearSignInFailures } from '../oauth/login-throttle';
import { removeTwoFactor } from './two-factor-store';

/** Resets the factor of `login`; false when there is no such user. */
export async function resetTwoFactorOf(db: Queryable, login: string): Promise<boolean> {
  const user = await first<{ id: number | string; login: string }>(db, 'SELECT id, login FROM radar_user WHERE login = $1', [login.toLowerCase()]);
  if (!user) return false;
  await removeTwoFactor(db, Number(user.id));
  await clearSignInFailures(db, user.login);
  await recordAuditEvent(db, 'system', 'TWO_FACTOR_RESET', { user: user.login, via: 'reset-2fa command' });
  return true;
}

async function main(): Promise<void> {
  const [login, ...rest] = process.argv.slice(2);
  if (!login || rest.length) throw new Error('usage: npm run reset-2fa -- <login>');
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    if (!(await db.transaction((tx) => resetTwoFactorOf(tx, login)))) throw new Error(`no user ${login}`);
    console.log(`second factor of ${login.toLowerCase()} removed; the password alone signs in again`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!)) {
  runCommand(main);
}
