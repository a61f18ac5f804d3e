// Writes to a subject or a source re-read it under a row lock inside their transaction. The route's finder checked
// the permission on the entity as it stood before the transaction; if it has since moved (another project, another
// subject), the check is repeated on the locked row, so a concurrent move never lets a write through unchecked.
import type { EntityDetails } from '../../common/permission-check';
import type { Permission } from '../../common/permission-matrix';
import { requireAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';

export async function requireStillAllowed(tx: Queryable, principal: Principal, permission: Permission, checked: EntityDetails, now: EntityDetails): Promise<void> {
  if ((checked.project ?? null) === (now.project ?? null) && (checked.subject ?? null) === (now.subject ?? null)) return;
  await requireAccess(tx, principal, permission, now);
}
