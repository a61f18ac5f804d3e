// ADMIN_PASSWORD_EVERY_START (set by MP's MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD): at every start `admin`'s password
// becomes ADMIN_PASSWORD, as ManagementPortal does, so the password a Helm chart holds is the one that works. A
// password that already matches is left alone, so a restart does not sign `admin` out; a changed one stamps the
// credentials change like any password change (auth/credentials.ts), ending `admin`'s other sessions and tokens.
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import type { Database } from './database';

export type AdminPasswordOutcome = 'set' | 'unchanged' | 'no-admin';

export async function applyAdminPassword(db: Database, password: string): Promise<AdminPasswordOutcome> {
  const [admin] = await db.query<{ password_hash: string | null }>("SELECT password_hash FROM radar_user WHERE login = 'admin'");
  if (!admin) return 'no-admin';
  if (await verifyPassword(password, admin.password_hash)) return 'unchanged';
  const hash = await hashPassword(password);
  await db.query(
    `UPDATE radar_user SET password_hash = $1, last_modified_by = 'system', last_modified_date = now(),
            credentials_changed_at = ${credentialsChangedSql('$2')}
      WHERE login = 'admin'`,
    [hash, credentialsStamp()],
  );
  return 'set';
}
