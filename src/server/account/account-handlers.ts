// The signed-in user's own account (docs/users.md): read it, change names, e-mail and language, change the password.
// A token without a database user (client credentials) has no account: 403.
import { passwordProblem } from '../../common/password';
import { isCommonPassword } from '../auth/common-passwords';
import { credentialsChangedSql, credentialsStamp } from '../auth/credentials';
import { hashPassword } from '../auth/password-hash';
import type { Principal } from '../auth/principal';
import { first, pgErrorCode, PG_UNIQUE_VIOLATION } from '../db/database';
import { noContent, ok, type RequestContext, type Reply } from '../http/context';
import { apiError } from '../http/errors';
import { authorOf } from '../revisions/record';
import type { UserDTO } from '../../common/dto';
import { userAccessJsonSql } from '../auth/user-roles';
import type { SpeculativeRead } from '../http/route';
import { recordUserChange, toUserDTO, USER_COLUMNS, userDTOById, type UserRow } from '../users/user-dto';
import { USER_ROLES_JSON, userRolesFromJson } from '../users/user-roles';
import { USER_ENTITY } from '../users/user-http';
import type { UserInput } from '../users/user-input';
import { recordSecurityEvent } from '../audit/security-events';
import { currentSessionIdHash, endSessionsOfUser, revokeUserRefreshTokens } from './end-sessions';

/** 400 EX for a password the rules refuse (shared by change and reset; common/password.ts has the rules). */
export function passwordError(password: string) {
  const problem = passwordProblem(password) ?? (isCommonPassword(password) ? 'common' : null);
  if (!problem) return undefined;
  if (problem === 'common') return apiError(400, 'error.commonPassword', USER_ENTITY, 'Password is common or known from data breaches');
  return problem === 'tooLong'
    ? apiError(400, 'error.longPassword', USER_ENTITY, 'Password is too long')
    : apiError(400, 'error.weakPassword', USER_ENTITY, 'Password is too weak: use 8 to 100 characters of more kinds');
}

type AccountHolder = Principal & { userId: number; login: string };

/** The caller as the holder of an account; a 403 `code` for a token without a user. */
export function accountUser(principal: Principal, code = 'error.accessDenied'): AccountHolder {
  if (principal.userId === undefined || principal.login === undefined) {
    throw apiError(403, code, USER_ENTITY, 'Could not find the current user in the database');
  }
  return principal as AccountHolder;
}

export async function getAccount(ctx: RequestContext, principal: Principal): Promise<Reply> {
  const user = await userDTOById(ctx.app.db, accountUser(principal).userId);
  if (!user) throw apiError(403, 'error.accessDenied', USER_ENTITY, 'Could not find the current user in the database');
  return ok(user);
}

/**
 * GET api/account's early read (http/route.ts, EarlyRead) for a bearer token naming `login`: the account, its roles and
 * the caller's access in one statement, so the request costs one round trip. The handler answers it only when the
 * authenticated principal is that user; a session (or a client-credentials token) reads through getAccount.
 */
export async function readAccountEarly(ctx: RequestContext, login: string | undefined): Promise<SpeculativeRead<UserDTO | undefined>> {
  if (login === undefined) return { value: undefined };
  const [row] = await ctx.app.db.query<UserRow & { roles: unknown; caller: unknown }>(
    `SELECT ${USER_COLUMNS}, ${USER_ROLES_JSON} AS roles, ${userAccessJsonSql('$1::text')} AS caller
       FROM radar_user u WHERE u.login = $1::text`,
    [login],
  );
  if (!row) return { value: undefined };
  return { value: toUserDTO(row, userRolesFromJson(row.roles)), caller: row.caller };
}

/** GET api/account: the early read's account when it is the caller's, else read now. */
export async function answerAccount(ctx: RequestContext, principal: Principal, early: UserDTO | undefined): Promise<Reply> {
  if (early && early.id === accountUser(principal).userId) return ok(early);
  return getAccount(ctx, principal);
}

/** Updates first and last name, e-mail and language of the signed-in user (never of the body's login). */
export async function saveAccount(ctx: RequestContext, principal: AccountHolder, input: UserInput): Promise<Reply> {
  const emailTaken = () =>
    apiError(409, 'error.emailexists', USER_ENTITY, 'Email already in use', { email: input.email ?? '' });
  const other = await first(ctx.app.db, 'SELECT id FROM radar_user WHERE lower(email) = lower($1) AND id <> $2', [
    input.email,
    principal.userId,
  ]);
  if (other) throw emailTaken();
  try {
    await ctx.app.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE radar_user SET first_name = $1, last_name = $2, email = $3, lang_key = COALESCE($4, lang_key),
                last_modified_by = $5, last_modified_date = now()
          WHERE id = $6`,
        [input.firstName, input.lastName, input.email, input.langKey, principal.login, principal.userId],
      );
      await recordUserChange(tx, authorOf(principal), principal.userId, 'MOD');
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw emailTaken();
    throw error;
  }
  return noContent();
}

/** Sets the signed-in user's password and ends the user's other sessions. */
export async function changePassword(ctx: RequestContext, principal: AccountHolder, password: string): Promise<Reply> {
  const refused = passwordError(password);
  if (refused) throw refused;
  const hash = await hashPassword(password);
  await ctx.app.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE radar_user SET password_hash = $1, last_modified_by = $2, last_modified_date = now(),
              credentials_changed_at = ${credentialsChangedSql('$4')}
        WHERE id = $3`,
      [hash, principal.login, principal.userId, credentialsStamp()],
    );
    await endSessionsOfUser(tx, principal.userId, currentSessionIdHash(ctx));
    await revokeUserRefreshTokens(tx, principal.userId);
    await recordUserChange(tx, authorOf(principal), principal.userId, 'MOD');
    await recordSecurityEvent(tx, principal.login, 'PASSWORD_CHANGED', { user: principal.login, remoteAddress: ctx.remoteAddress });
  });
  return noContent();
}
