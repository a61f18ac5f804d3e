// The one UserDTO builder behind GET api/account, the user endpoints and the revision snapshots.
// Never carries a secret (password hash, reset or activation key). Roles come in one query for a whole page of users;
// `visibleRole` hides the roles a caller may not see (docs/users.md).
import type { UserDTO } from '../../common/dto';
import { first, type Queryable } from '../db/database';
import { recordRevision, type ChangeType } from '../revisions/record';
import { rolesOfUsers, toRoleDTO, type UserRole } from './user-roles';

/** The radar_user columns the DTO reads, for `SELECT ${USER_COLUMNS} FROM radar_user u`. */
export const USER_COLUMNS = `u.id, u.login, u.first_name, u.last_name, u.email, u.activated, u.lang_key, u.identity,
  u.created_by, u.created_date, u.last_modified_by, u.last_modified_date`;

export interface UserRow {
  id: number;
  login: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  activated: boolean;
  lang_key: string | null;
  identity: string | null;
  created_by: string | null;
  created_date: Date | null;
  last_modified_by: string | null;
  last_modified_date: Date | null;
}

interface UserDtoOptions {
  /** False: the created and lastModified fields are null (the client's permission screens ask for this). Default true. */
  includeProvenance?: boolean;
  /** Which roles the caller may see; all when absent. */
  visibleRole?: (role: UserRole) => boolean;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toUserDTO(row: UserRow, roles: readonly UserRole[], options: UserDtoOptions = {}): UserDTO {
  const provenance = options.includeProvenance !== false;
  const shown = options.visibleRole ? roles.filter(options.visibleRole) : roles;
  return {
    id: row.id,
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    activated: row.activated,
    langKey: row.lang_key,
    createdBy: provenance ? row.created_by : null,
    createdDate: provenance ? iso(row.created_date) : null,
    lastModifiedBy: provenance ? row.last_modified_by : null,
    lastModifiedDate: provenance ? iso(row.last_modified_date) : null,
    roles: shown.map(toRoleDTO),
    authorities: [...new Set(shown.map((r) => r.authorityName))],
    identity: row.identity,
  };
}

/** DTOs for rows in their order, with every user's roles loaded in one query. */
export async function userDTOs(db: Queryable, rows: readonly UserRow[], options: UserDtoOptions = {}): Promise<UserDTO[]> {
  const roles = await rolesOfUsers(db, rows.map((r) => r.id));
  return rows.map((row) => toUserDTO(row, roles.get(row.id) ?? [], options));
}

export async function findUserRow(db: Queryable, where: { login: string } | { id: number }): Promise<UserRow | undefined> {
  const [column, value] = 'login' in where ? ['login', where.login] : ['id', where.id];
  return first<UserRow>(db, `SELECT ${USER_COLUMNS} FROM radar_user u WHERE u.${column} = $1`, [value]);
}

/** The full DTO (all roles, with provenance) of one user, e.g. for a revision snapshot; undefined if absent. */
export async function userDTOById(db: Queryable, id: number, options: UserDtoOptions = {}): Promise<UserDTO | undefined> {
  const row = await findUserRow(db, { id });
  return row ? (await userDTOs(db, [row], options))[0] : undefined;
}

/**
 * Every write to a user records a revision in its transaction with the user's full DTO (all roles, no secrets):
 * after the change for ADD and MOD, `before` it for DEL. Answers the snapshot.
 */
export async function recordUserChange(
  tx: Queryable,
  author: string,
  userId: number,
  type: ChangeType,
  before?: UserDTO,
): Promise<UserDTO> {
  const snapshot = type === 'DEL' ? before : await userDTOById(tx, userId);
  if (!snapshot) throw new Error(`user ${userId} vanished inside its own transaction`);
  await recordRevision(tx, author, [{ kind: 'user', id: userId, key: snapshot.login, type, snapshot }]);
  return snapshot;
}
