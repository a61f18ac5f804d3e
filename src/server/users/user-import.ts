// POST api/users/import?dryRun=true|false (docs/users.md, "Import"): staff users from a CSV file, with the preview,
// commit and report of the subject import. Columns `login`, `firstName`, `lastName`, `email`, `langKey` and `roles`
// (`ROLE_X:scope` separated by `|`: the project or organization name, none for a system admin). Every row is
// checked with the rules of POST api/users (field rules, a login or e-mail already in use or twice in the file, the
// roles the caller may grant); any error means nothing is written. The commit creates every user in one
// transaction, each with its revision, security event and roles; activation mails follow the commit, each within
// the per-account mail limit (account/mail-limits.ts); a user over it gets no mail and is named in the report.
import { importError, ruleImportError, type ImportError, type ImportErrorParams, type ImportProblemCode } from '../../common/import-error';
import type { UserImportReport } from '../../common/import-report';
import { parseAuthority, type AuthorityName } from '../../common/authorities';
import { CsvError, readCell } from '../../common/csv';
import { readImportTable } from '../http/import-table';
import { unstorable } from '../../common/schema';
import { USER_RULES, validate } from '../../common/validation';
import { recordSecurityEvent } from '../audit/security-events';
import { issueResetKey } from '../account/account-keys';
import { sendAccountMail } from '../account/account-mail';
import { limitAccount } from '../account/mail-limits';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { apiError, HttpError } from '../http/errors';
import { authorOf } from '../revisions/record';
import { applyRoleChanges, planRoleChanges, refusedRoleChange, type RolePlan } from './role-changes';
import { resolveRequestedRoles } from './role-input';
import { recordUserChange, USER_COLUMNS, type UserRow } from './user-dto';
import { coversEverything, visibleRoleSql } from './user-scope';
import { USER_ROLES_FROM } from '../auth/role-scope-join';

const COLUMNS = ['login', 'firstName', 'lastName', 'email', 'langKey', 'roles'] as const;
type Column = (typeof COLUMNS)[number];


interface Planned {
  row: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  langKey: string;
  plan: RolePlan;
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

interface RoleProblem {
  code: ImportProblemCode;
  params: ImportErrorParams;
}

/**
 * `ROLE_X:scope` as the role body POST api/users takes (ids looked up by name); the problem otherwise. A caller who
 * does not reach every project and organization (`global` false) is told of a name that exists nowhere what it is
 * told of one outside its reach, `roleNotAllowed`: the import must not tell which projects and organizations exist.
 */
async function requestedRoles(q: Queryable, cell: string, global: boolean): Promise<unknown[] | RoleProblem> {
  const roles: unknown[] = [];
  for (const part of cell.split('|').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...rest] = part.split(':');
    const scopeName = rest.join(':').trim();
    const authority = parseAuthority(name.trim());
    if (!authority || authority.personal) return { code: 'notStaffRole', params: { role: name.trim() } };
    if (authority.scope === 'GLOBAL') {
      roles.push({ authorityName: authority.name });
    } else if (authority.scope === 'PROJECT') {
      const [p] = await q.query<{ id: number }>('SELECT id FROM project WHERE project_name = $1', [scopeName]);
      if (!p && !global && scopeName) return { code: 'roleNotAllowed', params: { role: authority.name, scope: scopeName } };
      if (!p) return { code: 'unknownProject', params: { role: authority.name, project: scopeName } };
      roles.push({ authorityName: authority.name, projectId: Number(p.id) });
    } else {
      const [o] = await q.query<{ id: number }>('SELECT id FROM radar_organization WHERE name = $1', [scopeName]);
      if (!o && !global && scopeName) return { code: 'roleNotAllowed', params: { role: authority.name, scope: scopeName } };
      if (!o) return { code: 'unknownOrganization', params: { role: authority.name, organization: scopeName } };
      roles.push({ authorityName: authority.name as AuthorityName, organizationId: Number(o.id) });
    }
  }
  return roles;
}

interface ImportPlan {
  report: UserImportReport;
  users: Planned[];
  /** Rows whose login or e-mail a user out of the caller's reach holds: not in the report, refused by the commit. */
  hiddenConflicts: number;
}

async function plan(q: Queryable, principal: Principal, text: string, maxRows: number): Promise<ImportPlan> {
  const report: UserImportReport = { created: 0, updated: 0, unchanged: 0, errors: [], rows: [] };
  const users: Planned[] = [];
  let hiddenConflicts = 0;
  let table;
  try {
    table = await readImportTable(text, maxRows, 'userManagement');
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    report.errors.push(importError(error.line, '', error.code));
    return { report, users, hiddenConflicts };
  }
  const index = new Map<Column, number>();
  table.header.forEach((raw, i) => {
    const name = raw.trim() as Column;
    if (!COLUMNS.includes(name)) report.errors.push(importError(1, raw, 'unknownColumn'));
    else if (index.has(name)) report.errors.push(importError(1, name, 'duplicateColumn'));
    else index.set(name, i);
  });
  for (const required of ['login', 'email'] as const) {
    if (!index.has(required)) report.errors.push(importError(1, required, 'missingColumn'));
  }
  if (report.errors.length) return { report, users, hiddenConflicts };
  const seenLogin = new Map<string, number>();
  const seenEmail = new Map<string, number>();
  const logins = table.records.map((cells) => readCell(cells[index.get('login')!] ?? '').trim().toLowerCase());
  const givenEmails = table.records.map((cells) => readCell(cells[index.get('email')!] ?? '').trim());
  const emails = givenEmails.map((e) => e.toLowerCase());
  // A login or e-mail is reported taken only when its user is in the caller's reach (one of its roles visible with
  // USER.READ, docs/users.md): a project admin must not learn which logins and addresses exist elsewhere. A row that
  // collides with a user out of reach looks free here; the commit refuses it (`hiddenConflicts`).
  const params: unknown[] = [logins, emails];
  const visible = visibleRoleSql(principal.token, 'USER.READ', params);
  const taken = await q.query<{ login: string; email: string | null; visible: boolean }>(
    `SELECT u.login, lower(u.email) AS email, EXISTS (SELECT 1 ${USER_ROLES_FROM} WHERE ru.user_id = u.id AND ${visible}) AS visible
       FROM radar_user u WHERE u.login = ANY($1::text[]) OR lower(u.email) = ANY($2::text[])`,
    params,
  );
  const takenLogins = new Set(taken.filter((t) => t.visible).map((t) => t.login));
  const takenEmails = new Set(taken.filter((t) => t.visible).map((t) => t.email));
  const hiddenLogins = new Set(taken.filter((t) => !t.visible).map((t) => t.login));
  const hiddenEmails = new Set(taken.filter((t) => !t.visible).map((t) => t.email));
  const global = coversEverything(principal.token, 'USER.CREATE');
  for (const [i, cells] of table.records.entries()) {
    const row = table.lines[i];
    const errors: ImportError[] = [];
    const fail = (column: string, code: ImportProblemCode, params?: ImportErrorParams) => errors.push(importError(row, column, code, params));
    const cell = (c: Column) => (index.has(c) ? readCell(cells[index.get(c)!] ?? '') : '');
    if (cells.length !== table.header.length) fail('', 'cellCount', { cells: cells.length, columns: table.header.length });
    if (COLUMNS.some((c) => unstorable(cell(c)))) fail('', 'unstorableText');
    const values = { login: logins[i], firstName: blank(cell('firstName')), lastName: blank(cell('lastName')), email: givenEmails[i], langKey: blank(cell('langKey')) ?? 'en' };
    for (const violation of validate(USER_RULES, values)) errors.push(ruleImportError(row, violation));
    if (takenLogins.has(values.login)) fail('login', 'loginInUse');
    if (values.email && takenEmails.has(emails[i])) fail('email', 'emailInUse');
    const earlierLogin = seenLogin.get(values.login);
    if (earlierLogin !== undefined) fail('login', 'duplicateLogin', { row: earlierLogin });
    else seenLogin.set(values.login, row);
    const earlierEmail = seenEmail.get(emails[i]);
    if (values.email && earlierEmail !== undefined) fail('email', 'duplicateEmail', { row: earlierEmail });
    else seenEmail.set(emails[i], row);
    let rolePlan: RolePlan | undefined;
    const roles = await requestedRoles(q, cell('roles'), global);
    if (!Array.isArray(roles)) fail('roles', roles.code, roles.params);
    else {
      try {
        const resolved = await resolveRequestedRoles(q, roles);
        // A new user's roles are all added: the first one the caller may not grant is named before planning.
        const refused = refusedRoleChange(principal.token, resolved, 'USER.CREATE');
        const scope = refused && (refused.projectName ?? refused.organizationName);
        if (refused && scope) fail('roles', 'roleNotAllowed', { role: refused.authorityName, scope });
        else if (refused) fail('roles', 'globalRoleNotAllowed', { role: refused.authorityName });
        else {
          rolePlan = planRoleChanges(principal.token, [], resolved, 'USER.READ', 'USER.CREATE');
          if (!rolePlan.add.length && !coversEverything(principal.token, 'USER.CREATE')) fail('roles', 'roleNeeded');
        }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        fail('roles', 'roleInvalid', { reason: error.message });
      }
    }
    if (hiddenLogins.has(values.login) || (values.email && hiddenEmails.has(emails[i]))) hiddenConflicts++;
    const base = { row, login: values.login || null, email: values.email || null };
    if (errors.length) {
      report.errors.push(...errors);
      report.rows.push({ ...base, action: 'error' });
    } else {
      users.push({ ...values, row, plan: rolePlan! });
      report.rows.push({ ...base, action: 'create' });
    }
  }
  report.created = users.length;
  return { report, users, hiddenConflicts };
}

export async function importUsers(ctx: RequestContext, principal: Principal, text: string, dryRun: boolean): Promise<Reply> {
  const db = ctx.app.db;
  const first = await plan(db, principal, text, ctx.app.config.importMaxRows);
  if (dryRun) return ok(first.report);
  if (first.report.errors.length) {
    throw apiError(400, 'error.importInvalid', 'userManagement', `${first.report.errors.length} problems in the file; nothing was written`);
  }
  const author = authorOf(principal);
  const made = await db.transaction(async (tx) => {
    // Checked again inside the transaction: a login or e-mail may have been taken since.
    const checked = await plan(tx, principal, text, ctx.app.config.importMaxRows);
    if (checked.report.errors.length) {
      throw apiError(400, 'error.importInvalid', 'userManagement', `${checked.report.errors.length} problems in the file; nothing was written`);
    }
    // Said without a count or a row: which logins or addresses are taken out of the caller's reach stays unknown. A
    // caller learns no more than POST api/users tells (one login at a time, and a free one is then created).
    if (checked.hiddenConflicts) {
      throw apiError(400, 'error.importInvalid', 'userManagement', 'A login or e-mail address of the file cannot be used; nothing was written');
    }
    const out: { row: UserRow; key: string }[] = [];
    for (const u of checked.users) {
      const [row] = await tx.query<UserRow>(
        `INSERT INTO radar_user (login, first_name, last_name, email, activated, lang_key, created_by, last_modified_by)
         VALUES ($1, $2, $3, $4, false, $5, $6, $6) RETURNING ${USER_COLUMNS.replace(/u\./g, '')}`,
        [u.login, u.firstName, u.lastName, u.email, u.langKey, author],
      );
      await recordSecurityEvent(tx, author, 'USER_CREATED', { user: row.login });
      await applyRoleChanges(tx, row.id, u.plan, { actor: author, login: row.login });
      out.push({ row, key: await issueResetKey(tx, row.id) });
      await recordUserChange(tx, author, row.id, 'ADD');
    }
    return out;
  });
  const notMailed: string[] = [];
  for (const { row, key } of made) {
    try {
      await limitAccount(ctx, 'activation', row.id);
      if (!(await sendAccountMail(ctx.app, 'activation', row, key))) notMailed.push(row.login);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      notMailed.push(row.login); // over the mail limit: an admin can send the activation again later
    }
  }
  return ok({ ...first.report, notMailed });
}
