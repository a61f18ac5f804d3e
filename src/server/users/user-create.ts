// POST api/users (docs/users.md): a checked ManagedUserVM, login lower-cased, not activated, no usable password, roles
// by the assignment rules, and an activation mail whose link lets the new user choose a password (which activates
// the account). Answers the UserDTO, never the entity with its secrets.
import { recordSecurityEvent } from '../audit/security-events';
import type { Principal } from '../auth/principal';
import { issueResetKey } from '../account/account-keys';
import { sendAccountMail } from '../account/account-mail';
import { first, pgErrorCode, PG_UNIQUE_VIOLATION, type Queryable } from '../db/database';
import { alert, failureAlert } from '../http/alerts';
import { created, type RequestContext, type Reply } from '../http/context';
import { accessDenied } from '../http/errors';
import { authorOf } from '../revisions/record';
import { resolveRequestedRoles } from './role-input';
import { applyRoleChanges, planRoleChanges } from './role-changes';
import { recordUserChange, USER_COLUMNS, userDTOById, type UserRow } from './user-dto';
import { USER_ENTITY, visibleTo } from './user-http';
import type { UserInput } from './user-input';
import { coversEverything } from './user-scope';

/** A failure alert: 400 with an empty body and the `error.<key>` header. */
const userFailure = (key: string, message: string) => failureAlert(400, key, USER_ENTITY, message);

async function refuseTaken(db: Queryable, input: UserInput): Promise<void> {
  if (await first(db, 'SELECT 1 FROM radar_user WHERE login = $1', [input.login])) {
    throw userFailure('userexists', 'Login already in use');
  }
  if (input.email && (await first(db, 'SELECT 1 FROM radar_user WHERE lower(email) = lower($1)', [input.email]))) {
    throw userFailure('emailexists', 'Email already in use');
  }
}

async function insertUser(tx: Queryable, input: UserInput, principal: Principal): Promise<UserRow> {
  const author = authorOf(principal);
  const [row] = await tx.query<UserRow>(
    `INSERT INTO radar_user (login, first_name, last_name, email, activated, lang_key, identity, created_by, last_modified_by)
     VALUES ($1, $2, $3, $4, false, $5, $6, $7, $7)
     RETURNING ${USER_COLUMNS.replace(/u\./g, '')}`,
    [input.login, input.firstName, input.lastName, input.email, input.langKey ?? 'en', input.identity, author],
  );
  return row;
}

export async function createUser(ctx: RequestContext, principal: Principal, input: UserInput): Promise<Reply> {
  if (input.id !== null) throw userFailure('idexists', 'A new user cannot already have an ID');
  const db = ctx.app.db;
  await refuseTaken(db, input);
  const requested = await resolveRequestedRoles(db, input.roles ?? []);
  const plan = planRoleChanges(principal.token, [], requested, 'USER.READ', 'USER.CREATE');
  if (!plan.add.length && !coversEverything(principal.token, 'USER.CREATE')) {
    // Without a role in the caller's scope the new user would be out of the caller's reach at once.
    throw accessDenied('A new user needs a role inside your organizations or projects');
  }
  let made: { row: UserRow; key: string };
  try {
    made = await db.transaction(async (tx) => {
      const row = await insertUser(tx, input, principal);
      await recordSecurityEvent(tx, authorOf(principal), 'USER_CREATED', { user: row.login });
      await applyRoleChanges(tx, row.id, plan, { actor: authorOf(principal), login: row.login });
      const key = await issueResetKey(tx, row.id);
      await recordUserChange(tx, authorOf(principal), row.id, 'ADD');
      return { row, key };
    });
  } catch (error) {
    if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    await refuseTaken(db, input); // another request took the login or e-mail meanwhile
    throw userFailure('userexists', 'Login already in use');
  }
  await sendAccountMail(ctx.app, 'activation', made.row, made.key);
  const dto = await userDTOById(db, made.row.id, { visibleRole: visibleTo(principal, 'USER.READ') });
  const location = `${ctx.app.config.basePath}/api/users/${encodeURIComponent(made.row.login)}`;
  return created(dto, location, alert('userManagement.created', made.row.login));
}
