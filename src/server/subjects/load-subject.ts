// Finding one subject and answering it as a SubjectDTO in the form an endpoint needs: without a project (lists),
// with the reduced project (writes, revision snapshots, the external-id lookup) or the full one (GET by login),
// optionally with provenance from its revisions.
import type { ProjectDTO, SubjectDTO } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import type { Queryable } from '../db/database';
import { subjectNotFound } from '../http/not-found';
import { userAccessJsonSql } from '../auth/user-roles';
import type { SpeculativeRead } from '../http/route';
import { projectDtoById, projectDtoOf, type ProjectFilter, type ProjectForm } from '../projects/project-dto';
import { allInOrder } from '../db/pipeline';
import { loadProvenance, loadProvenanceByLogin } from './provenance';
import { subjectRow, subjectRowsOf, toSubjectDTO, type SubjectRow } from './subject-select';

export interface FoundSubject {
  row: SubjectRow;
  /** The project of the PARTICIPANT role (`subject.project_id`). */
  projectName: string | null;
  /** The active project, else the latest project the subject was an INACTIVE_PARTICIPANT of. */
  associatedProject: string | null;
}

const FIND = `SELECT d.row_json, p.project_name,
    (SELECT ip.project_name FROM role_users iru JOIN radar_role ir ON ir.id = iru.role_id JOIN project ip ON ip.id = ir.project_id
      WHERE iru.user_id = s.user_id AND ir.authority_name = 'ROLE_INACTIVE_PARTICIPANT' ORDER BY ir.id DESC LIMIT 1) AS inactive_project
  FROM subject s CROSS JOIN LATERAL ${subjectRowsOf('ARRAY[s.id]')} LEFT JOIN project p ON p.id = s.project_id`;

interface FindRow {
  row_json: SubjectRow | string;
  project_name: string | null;
  inactive_project: string | null;
}

/** The subject by login or id; `lock` first takes a row lock on it (inside a write transaction). */
export async function findSubject(q: Queryable, by: { login: string } | { id: number }, lock = false): Promise<FoundSubject | undefined> {
  const where = 'login' in by ? 's.login = $1' : 's.id = $1';
  const key = 'login' in by ? by.login : by.id;
  // The lock and the read are sent together: the read runs once the lock is held, so it sees the locked row.
  const [locked, [found]] = await allInOrder([
    lock ? q.query(`SELECT s.id FROM subject s WHERE ${where} FOR UPDATE`, [key]) : Promise.resolve(undefined),
    q.query<FindRow>(`${FIND} WHERE ${where}`, [key]),
  ] as const);
  if ((locked && !locked.length) || !found) return undefined;
  return foundOf(found);
}

const foundOf = (found: FindRow): FoundSubject =>
  ({ row: subjectRow(found.row_json), projectName: found.project_name, associatedProject: found.project_name ?? found.inactive_project });

/** One subject as GET api/subjects/{login} answers it: with its full project and provenance. */
export interface SubjectDetail {
  found: FoundSubject;
  dto: SubjectDTO;
}

/** FIND of the subject `where` names, always one row: with `callerSql`'s value as `caller`, and NULLs for no subject. */
const FIND_WITH_CALLER = (where: string, callerSql: string) => `SELECT f.row_json, f.project_name, f.inactive_project, ${callerSql} AS caller
  FROM (SELECT 1) one LEFT JOIN LATERAL (${FIND} WHERE ${where}) f ON true`;

const DETAIL_FIND = (callerSql: string) => FIND_WITH_CALLER('s.login = $1::text', callerSql);

/**
 * The subject by id as findSubject reads it, and the caller `callerLogin` (userAccessJsonSql) in the same statement:
 * an update's early read (http/route.ts, EarlyRead), so its permission check costs no round trip of its own.
 */
export async function findSubjectWithCaller(q: Queryable, id: number, callerLogin?: string): Promise<SpeculativeRead<FoundSubject | undefined>> {
  const [row] = callerLogin === undefined
    ? await q.query<Partial<FindRow> & { caller: unknown }>(FIND_WITH_CALLER('s.id = $1::bigint', 'NULL'), [id])
    : await q.query<Partial<FindRow> & { caller: unknown }>(FIND_WITH_CALLER('s.id = $1::bigint', userAccessJsonSql('$2::text')), [id, callerLogin]);
  return { value: row.row_json ? foundOf(row as FindRow) : undefined, caller: row.caller ?? undefined };
}

/**
 * GET api/subjects/{login} (and its early read, http/route.ts EarlyRead): the subject, its provenance and its full
 * project are read by the login, sent together (one round trip), with the roles of the caller `callerLogin` in the
 * first statement. Undefined value: no such subject.
 */
export async function readSubjectDetail(q: Queryable, login: string, timeoutMs: number | undefined, callerLogin?: string): Promise<SpeculativeRead<SubjectDetail | undefined>> {
  const [[row], provenance, project] = await allInOrder([
    callerLogin === undefined
      ? q.query<Partial<FindRow> & { caller: unknown }>(DETAIL_FIND('NULL'), [login])
      : q.query<Partial<FindRow> & { caller: unknown }>(DETAIL_FIND(userAccessJsonSql('$2::text')), [login, callerLogin]),
    loadProvenanceByLogin(q, login),
    projectDtoOf(q, { sql: '(SELECT project_id FROM subject WHERE login = $1::text)', params: [login] }, 'full', timeoutMs),
  ] as const);
  const caller = row.caller ?? undefined;
  if (!row.row_json) return { value: undefined, caller };
  const found = foundOf(row as FindRow);
  return { value: { found, dto: withProject(Object.assign(toSubjectDTO(found.row), provenance), project) }, caller };
}

/** What a permission on the subject is checked against: its login and the project it is associated with. */
export const subjectEntity = (found: FoundSubject): EntityDetails => ({ project: found.associatedProject, subject: found.row.login });


/** A route finder's answer: the subject by login (404 when there is none) and where a permission on it is checked. */
export async function locateSubject(q: Queryable, login: string): Promise<{ entity: EntityDetails; found: FoundSubject }> {
  const found = await getSubject(q, { login });
  return { entity: subjectEntity(found), found };
}

/** Like findSubject, but a 404 `error.subjectNotFound` when there is none. */
export async function getSubject(q: Queryable, by: { login: string } | { id: number }, lock = false): Promise<FoundSubject> {
  const found = await findSubject(q, by, lock);
  if (!found) throw subjectNotFound('login' in by ? by.login : undefined);
  return found;
}

interface DtoOptions {
  project: ProjectForm | 'none';
  provenance: boolean;
  /** The full project's persistentTokenTimeout. */
  timeoutMs?: number;
}

/** The DTO of a found subject in the requested form; its provenance and project are read in one round trip. */
export async function subjectDto(q: Queryable, found: FoundSubject, options: DtoOptions): Promise<SubjectDTO> {
  const { row } = found;
  const [provenance, project] = await Promise.all([
    options.provenance ? loadProvenance(q, row.id) : undefined,
    options.project !== 'none' && row.project_id !== null ? projectDtoById(q, row.project_id, options.project, options.timeoutMs) : undefined,
  ]);
  return withProject(Object.assign(toSubjectDTO(row), provenance), project);
}

/** The DTO with its project (none when the subject has no active project). */
export function withProject(dto: SubjectDTO, project: ProjectDTO | undefined): SubjectDTO {
  if (project) dto.project = project;
  return dto;
}

/**
 * The revision snapshot of a subject whose active project is known beforehand (its id, or a filter naming it): the
 * subject and its project are read together, in one round trip.
 */
export async function snapshotIn(q: Queryable, by: { login: string } | { id: number }, project: number | ProjectFilter): Promise<SubjectDTO> {
  const [found, dto] = await allInOrder([
    getSubject(q, by),
    typeof project === 'number' ? projectDtoById(q, project, 'reduced') : projectDtoOf(q, project, 'reduced'),
  ] as const);
  return withProject(toSubjectDTO(found.row), dto);
}

/** Reloads the subject (in the caller's transaction) and answers its reduced-project DTO: the revision snapshot. */
export async function snapshotOf(q: Queryable, subjectId: number): Promise<SubjectDTO> {
  return subjectDto(q, await getSubject(q, { id: subjectId }), { project: 'reduced', provenance: false });
}
