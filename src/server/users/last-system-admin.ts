// The platform must keep an activated system admin: only a system admin can create organizations, manage OAuth
// clients or grant the role again, so losing the last one locks everybody out for good. Every write that can take
// the role away (removing it, deactivating or deleting its holder) checks, inside its transaction, that one is left.
// The check runs under an advisory lock so two admins demoting each other at the same moment cannot both succeed.
import { ROLE_SYS_ADMIN } from '../../common/authorities';
import { first, type Queryable } from '../db/database';
import { apiError } from '../http/errors';
import { USER_ENTITY } from './user-http';

const LOCK_KEY = 727000010;

/** True when a write with these effects may remove the last system admin, so keepASystemAdmin must run. */
export function mayRemoveSystemAdmin(effects: { removedAuthorities?: string[]; deactivates?: boolean; deletesHolderOf?: string[] }): boolean {
  const touchesRole = (names: string[] | undefined) => names?.includes(ROLE_SYS_ADMIN) ?? false;
  return touchesRole(effects.removedAuthorities) || touchesRole(effects.deletesHolderOf) || effects.deactivates === true;
}

/** Throws a 400 (rolling the caller's transaction back) when no activated system admin is left. */
export async function keepASystemAdmin(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_KEY]);
  const left = await first(
    tx,
    `SELECT 1 FROM radar_user u JOIN role_users ru ON ru.user_id = u.id JOIN radar_role r ON r.id = ru.role_id
      WHERE r.authority_name = $1 AND u.activated LIMIT 1`,
    [ROLE_SYS_ADMIN],
  );
  if (!left) throw apiError(400, 'error.lastSystemAdmin', USER_ENTITY, 'The platform must keep at least one activated system admin');
}
