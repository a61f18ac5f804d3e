// Users (staff and the user rows of subjects) with their role memberships, in bulk: the portal's rows for the
// imported logins are read in one query, compared in memory, and the new and changed ones written in chunks.
// Passwords: ManagementPortal's bcrypt hash is stored as it is (verified with bcrypt at sign-in and then replaced by
// scrypt); once the portal holds its own scrypt hash for a user, a later run keeps it, since the password was
// proven or changed in the portal. Pending activation and reset keys (stored in clear by ManagementPortal) are
// kept as their SHA-256, as the portal stores its own. Outcomes of subjects' users are counted with the subjects.
import { erasedLogins } from '../subjects/subject-erasure';
import { createHash } from 'node:crypto';
import { isBcryptHash } from '../auth/password-hash';
import { CHUNK, inChunks, recordset } from './bulk';
import { sameRows, type ImportContext } from './context';
import type { MpUser } from './mp-model';
import type { Outcome } from './report';
import { RoleResolver, type PortalRole } from './roles';
import { jsonColumn } from '../db/database';

export interface UserOutcome {
  portalId?: number;
  outcome?: Outcome;
  /** Why the user (and so its subject) was not imported. */
  skip?: string;
  conflict?: string;
  /** The project of the user's PARTICIPANT role, for the subject row. */
  participantProjectId: number | null;
}

interface UserRow {
  login: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  activated: boolean;
  lang_key: string | null;
  identity: string | null;
  activation_key_hash: string | null;
  reset_key_hash: string | null;
  reset_date: string | null;
  created_by: string | null;
  created_date: string;
  last_modified_by: string | null;
  last_modified_date: string;
}

const COLUMNS: [keyof UserRow, string][] = [
  ['login', 'text'], ['password_hash', 'text'], ['first_name', 'text'], ['last_name', 'text'], ['email', 'text'], ['activated', 'boolean'],
  ['lang_key', 'text'], ['identity', 'text'], ['activation_key_hash', 'text'], ['reset_key_hash', 'text'], ['reset_date', 'timestamptz'],
  ['created_by', 'text'], ['created_date', 'timestamptz'], ['last_modified_by', 'text'], ['last_modified_date', 'timestamptz'],
];
const TS = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const sha256 = (key: string | null) => (key ? createHash('sha256').update(key, 'utf8').digest('hex') : null);

/** The portal row for `m`. Provenance comes from ManagementPortal's Envers history (envers.ts); a user without a
 * creation there (history switched off, or created before it existed) keeps what the portal row has, or, when new,
 * is dated at its last recorded change, else `now` (the import), so a second run finds the row unchanged. */
function desiredRow(m: MpUser, existing: UserRow | undefined, now: string): UserRow {
  const created = m.createdDate ?? existing?.created_date ?? m.lastModifiedDate ?? now;
  return {
    // Only a bcrypt hash is kept: anything else (a clear-text `{noop}` password, say) must not land in the database.
    login: m.login, password_hash: isBcryptHash(m.passwordHash) ? m.passwordHash : null, first_name: m.firstName, last_name: m.lastName, email: m.email, activated: m.activated,
    lang_key: m.langKey, identity: m.identity, activation_key_hash: sha256(m.activationKey), reset_key_hash: sha256(m.resetKey),
    reset_date: m.resetKey ? m.resetDate : null,
    created_by: m.createdDate ? m.createdBy : existing ? existing.created_by : null, created_date: created,
    last_modified_by: m.lastModifiedDate ? m.lastModifiedBy : existing ? existing.last_modified_by : null,
    last_modified_date: m.lastModifiedDate ?? (m.createdDate ? created : existing?.last_modified_date ?? created),
  };
}

type Current = UserRow & { id: number; role_ids: number[] };

async function currentUsers(ctx: ImportContext, logins: string[]): Promise<Map<string, Current>> {
  const rows = await ctx.tx.query<Current>(
    `SELECT u.id, u.login, u.password_hash, u.first_name, u.last_name, u.email, u.activated, u.lang_key, u.identity,
            u.activation_key_hash, u.reset_key_hash, ${TS('u.reset_date')} AS reset_date, u.created_by, ${TS('u.created_date')} AS created_date,
            u.last_modified_by, ${TS('u.last_modified_date')} AS last_modified_date,
            coalesce((SELECT json_agg(ru.role_id ORDER BY ru.role_id) FROM role_users ru WHERE ru.user_id = u.id), '[]') AS role_ids
       FROM radar_user u WHERE u.login = ANY($1::text[])`,
    [logins],
  );
  return new Map(rows.map((r) => [r.login, { ...r, id: Number(r.id), role_ids: jsonColumn(r.role_ids).map(Number) }]));
}

export async function importUsers(ctx: ImportContext, users: MpUser[], subjectUserIds: Set<number>): Promise<Map<number, UserOutcome>> {
  const { tx, report, map } = ctx;
  const outcomes = new Map<number, UserOutcome>();
  const roles = await RoleResolver.load(ctx);
  const entityOf = (m: MpUser) => (subjectUserIds.has(m.id) ? 'subjects' : 'users') as 'subjects' | 'users';

  // Roles first: every role row the users need exists before any membership is written.
  const wanted = new Map<number, PortalRole[]>();
  for (const m of users) {
    const list: PortalRole[] = [];
    for (const role of m.roles) {
      const r = roles.portalRole(role);
      if ('skip' in r) report.note(`a role of ${entityOf(m) === 'subjects' ? 'a subject' : 'a user'} was left out: ${r.skip}`);
      else list.push(r);
    }
    wanted.set(m.id, list);
  }
  await roles.idsOf([...wanted.values()].flat());

  const current = await currentUsers(ctx, users.map((u) => u.login));
  const erased = await erasedLogins(tx, users.map((u) => u.login));
  const emails = new Map<string, string>();
  for (const r of await tx.query<{ login: string; email: string }>('SELECT login, email FROM radar_user WHERE email = ANY($1::text[])', [
    users.map((u) => u.email).filter((e): e is string => !!e),
  ])) emails.set(r.email, r.login);

  const now = new Date().toISOString().replace(/Z$/, '000Z');
  const inserts: (UserRow & { role_ids: number[]; mp_id: number })[] = [];
  const updates: (UserRow & { id: number; roles_changed: boolean; role_ids: number[] })[] = [];
  for (const m of users) {
    const entity = entityOf(m);
    if (entity === 'users') report.read('users');
    const portalRoles = wanted.get(m.id)!;
    const participant = portalRoles.find((r) => r.authority === 'ROLE_PARTICIPANT');
    const outcome: UserOutcome = { participantProjectId: participant?.projectId ?? null };
    outcomes.set(m.id, outcome);
    const existing = current.get(m.login);
    const row = desiredRow(m, existing, now);
    // An erased subject's user keeps no e-mail or names, however often ManagementPortal is imported again.
    if (erased.has(m.login)) Object.assign(row, { first_name: null, last_name: null, email: null, activation_key_hash: null, reset_key_hash: null, reset_date: null });
    if (m.passwordHash && !isBcryptHash(m.passwordHash)) {
      report.note('users whose ManagementPortal password is not a bcrypt hash were imported without a password (a password reset sets one)');
    }
    const roleIds = [...new Set(portalRoles.map((r) => roles.idOf(r)))].sort((a, b) => a - b);
    const mapped = map.numericId('user', m.id);
    const emailOwner = m.email ? emails.get(m.email) : undefined;
    if (emailOwner !== undefined && emailOwner !== m.login) {
      outcome.conflict = `its e-mail address ${m.email} belongs to portal user ${emailOwner}`;
      report.conflict(entity, m.login, outcome.conflict);
      continue;
    }
    if (existing && existing.id !== mapped && !(ctx.fresh && m.login === 'admin')) {
      outcome.conflict = 'exists in the portal and was not imported from this ManagementPortal';
      report.conflict(entity, m.login, outcome.conflict);
      continue;
    }
    if (!existing) {
      inserts.push({ ...row, role_ids: roleIds, mp_id: m.id });
      outcome.outcome = 'created';
      continue;
    }
    outcome.portalId = existing.id;
    map.set('user', m.id, existing.id);
    // A hash the portal made itself for an imported user (scrypt: the password was used or changed in the portal
    // since the last run) is kept. A taken-over `admin` gets ManagementPortal's password.
    if (existing.id === mapped && existing.password_hash?.startsWith('scrypt$')) {
      row.password_hash = existing.password_hash;
    }
    const { id, role_ids: currentRoles, ...currentRow } = existing;
    const rolesChanged = !sameRows(currentRoles, roleIds);
    if (sameRows(row, currentRow) && !rolesChanged) {
      outcome.outcome = 'unchanged';
    } else {
      updates.push({ ...row, id, roles_changed: rolesChanged, role_ids: roleIds });
      outcome.outcome = 'updated';
    }
  }

  const names = COLUMNS.map(([n]) => n).join(', ');
  const created = await inChunks<{ id: number; login: string }>(
    tx,
    `INSERT INTO radar_user (${names}, activation_date)
     SELECT ${names}, CASE WHEN activation_key_hash IS NULL THEN NULL ELSE now() END FROM ${recordset(COLUMNS)}
     RETURNING id, login`,
    inserts.map(({ role_ids: _r, mp_id: _m, ...row }) => row),
    CHUNK,
    (done, total) => ctx.progress(`users: ${done} of ${total} written`),
  );
  const createdIds = new Map(created.map((r) => [r.login, Number(r.id)]));
  for (const u of inserts) {
    const id = createdIds.get(u.login)!;
    map.set('user', u.mp_id, id);
    outcomes.get(u.mp_id)!.portalId = id;
  }
  await inChunks(
    tx,
    `UPDATE radar_user u SET ${COLUMNS.map(([n]) => `${n} = x.${n}`).join(', ')},
       activation_date = CASE WHEN x.activation_key_hash IS NULL THEN NULL
                              WHEN x.activation_key_hash IS NOT DISTINCT FROM u.activation_key_hash THEN u.activation_date ELSE now() END
       FROM ${recordset([['id', 'bigint'], ...COLUMNS])} WHERE u.id = x.id`,
    updates.map(({ roles_changed: _c, role_ids: _r, ...row }) => row),
  );
  const renewed = updates.filter((u) => u.roles_changed);
  await tx.query('DELETE FROM role_users WHERE user_id = ANY($1::bigint[])', [renewed.map((u) => u.id)]);
  const memberships = [
    ...inserts.flatMap((u) => u.role_ids.map((role_id) => ({ role_id, user_id: createdIds.get(u.login)! }))),
    ...renewed.flatMap((u) => u.role_ids.map((role_id) => ({ role_id, user_id: u.id }))),
  ];
  await inChunks(tx, `INSERT INTO role_users (role_id, user_id) SELECT role_id, user_id FROM ${recordset([['role_id', 'bigint'], ['user_id', 'bigint']])}`, memberships, 20_000);

  for (const m of users) {
    const o = outcomes.get(m.id)!;
    if (entityOf(m) === 'users' && o.outcome) report.count('users', o.outcome);
  }
  return outcomes;
}
