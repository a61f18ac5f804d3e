// On an empty database: the first system admin `admin`, with the password from ADMIN_PASSWORD or, when unset, a
// generated one printed once to the console (only its hash is stored).
import { randomBytes } from 'node:crypto';
import type { Database } from './database';
import { hashPassword } from '../auth/password-hash';

export interface BootstrapResult {
  adminCreated: boolean;
  generatedPassword?: string;
}

function generatePassword(): string {
  // 18 random bytes in base64url: 24 characters of letters, digits, '-' and '_' (strength well above 40).
  return randomBytes(18).toString('base64url');
}

export async function bootstrap(db: Database, adminPassword?: string): Promise<BootstrapResult> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM radar_user');
  if (count > 0) return { adminCreated: false };
  const password = adminPassword ?? generatePassword();
  const hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727000002)');
    const again = await tx.query('SELECT 1 FROM radar_user LIMIT 1');
    if (again.length) return false; // another process was first
    const [user] = await tx.query<{ id: number }>(
      `INSERT INTO radar_user (login, password_hash, first_name, last_name, email, activated, lang_key, created_by, last_modified_by)
       VALUES ('admin', $1, 'Administrator', 'Administrator', 'admin@localhost', true, 'en', 'system', 'system') RETURNING id`,
      [hash],
    );
    await tx.query(
      `INSERT INTO role_users (role_id, user_id) SELECT id, $1 FROM radar_role WHERE authority_name = 'ROLE_SYS_ADMIN' AND project_id IS NULL AND organization_id IS NULL`,
      [user.id],
    );
    return true;
  });
  if (!created) return { adminCreated: false };
  return { adminCreated: true, generatedPassword: adminPassword ? undefined : password };
}
