// ProjectDTO in its two forms; absent values are left out (not null). Full: with the organization object, source
// types and persistentTokenTimeout (project endpoints). Reduced: without those three (inside OrganizationDTO.projects).
// Any number of projects takes a fixed number of queries: the rows, then attributes, groups and source types.
import type { Attributes, ProjectDTO, ProjectStatus } from '../../common/dto';
import { first, type Queryable } from '../db/database';
import { projectNotFound } from '../http/not-found';
import { sourceTypesByProject } from './source-type-summary';

export const HUMAN_READABLE_PROJECT_NAME = 'Human-readable-project-name';

export type ProjectForm = 'full' | 'reduced';

export const PROJECT_SELECT = `SELECT p.id, p.project_name, p.description, p.location, p.start_date, p.end_date,
         p.project_status, o.id AS org_id, o.name AS org_name, o.description AS org_description, o.location AS org_location
    FROM project p JOIN radar_organization o ON o.id = p.organization_id`;

export interface ProjectRow {
  id: number;
  project_name: string;
  description: string;
  location: string;
  start_date: Date | null;
  end_date: Date | null;
  project_status: ProjectStatus | null;
  org_id: number;
  org_name: string;
  org_description: string;
  org_location: string;
}

/** Which projects a query reads: `project_id = <sql>` with its parameters (the ids, or a subquery). */
export interface ProjectFilter {
  sql: string;
  params: unknown[];
}

const byIds = (ids: number[]): ProjectFilter => ({ sql: 'ANY($1::bigint[])', params: [ids] });

async function attributesByProject(db: Queryable, filter: ProjectFilter): Promise<Map<number, Attributes>> {
  const result = new Map<number, Attributes>();
  const rows = await db.query<{ project_id: number; attribute_key: string; attribute_value: string | null }>(
    `SELECT project_id, attribute_key, attribute_value FROM project_metadata WHERE project_id = ${filter.sql} ORDER BY attribute_key`,
    filter.params,
  );
  for (const r of rows) {
    const map = result.get(r.project_id) ?? {};
    map[r.attribute_key] = r.attribute_value ?? '';
    result.set(r.project_id, map);
  }
  return result;
}

async function groupNamesByProject(db: Queryable, filter: ProjectFilter): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  const rows = await db.query<{ project_id: number; name: string }>(
    `SELECT project_id, name FROM radar_group WHERE project_id = ${filter.sql} ORDER BY name`,
    filter.params,
  );
  for (const r of rows) result.set(r.project_id, [...(result.get(r.project_id) ?? []), r.name]);
  return result;
}

/** Builds the DTOs of `rows` (in their order). `timeoutMs` is the full form's persistentTokenTimeout. */
export async function toProjectDTOs(db: Queryable, rows: ProjectRow[], form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO[]> {
  if (!rows.length) return [];
  return assemble(rows, await projectDetails(db, byIds(rows.map((r) => r.id)), form), form, timeoutMs);
}

/**
 * The DTO of project `projectId`, or undefined: its row and its attributes, groups (and source types) are read
 * together, in one round trip, as the id is known beforehand.
 */
export function projectDtoById(db: Queryable, projectId: number, form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO | undefined> {
  return projectDtoOf(db, { sql: '$1::bigint', params: [projectId] }, form, timeoutMs);
}

/** Like projectDtoById, for the one project `filter` names (e.g. a subquery: a subject's project). */
export async function projectDtoOf(db: Queryable, filter: ProjectFilter, form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO | undefined> {
  const [rows, details] = await Promise.all([
    db.query<ProjectRow>(`${PROJECT_SELECT} WHERE p.id = ${filter.sql}`, filter.params),
    projectDetails(db, filter, form),
  ]);
  return assemble(rows, details, form, timeoutMs)[0];
}

/**
 * The projects of the statement `rowsSql` (PROJECT_SELECT with its conditions, order and limit) and their DTOs: the
 * rows and their attributes, groups (and source types) are read together, in one round trip.
 */
export async function projectDtosOf(db: Queryable, rowsSql: string, params: unknown[], form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO[]> {
  const [rows, details] = await Promise.all([
    db.query<ProjectRow>(rowsSql, params),
    projectDetails(db, { sql: `ANY(ARRAY(SELECT page.id FROM (${rowsSql}) page))`, params }, form),
  ]);
  return assemble(rows, details, form, timeoutMs);
}

interface ProjectDetails {
  attributes: Map<number, Attributes>;
  groups: Map<number, string[]>;
  sourceTypes: Awaited<ReturnType<typeof sourceTypesByProject>>;
}

async function projectDetails(db: Queryable, filter: ProjectFilter, form: ProjectForm): Promise<ProjectDetails> {
  const [attributes, groups, sourceTypes] = await Promise.all([
    attributesByProject(db, filter),
    groupNamesByProject(db, filter),
    form === 'full' ? sourceTypesByProject(db, filter) : Promise.resolve(new Map()),
  ]);
  return { attributes, groups, sourceTypes };
}

function assemble(rows: ProjectRow[], { attributes, groups, sourceTypes }: ProjectDetails, form: ProjectForm, timeoutMs?: number): ProjectDTO[] {
  return rows.map((row) => {
    const attrs = attributes.get(row.id) ?? {};
    const dto: ProjectDTO = { id: row.id, projectName: row.project_name, description: row.description, location: row.location };
    if (attrs[HUMAN_READABLE_PROJECT_NAME]) dto.humanReadableProjectName = attrs[HUMAN_READABLE_PROJECT_NAME];
    if (form === 'full') {
      dto.organization = { id: row.org_id, name: row.org_name, description: row.org_description, location: row.org_location, projects: [] };
    }
    dto.organizationName = row.org_name;
    if (row.start_date) dto.startDate = row.start_date.toISOString();
    if (row.end_date) dto.endDate = row.end_date.toISOString();
    if (row.project_status) dto.projectStatus = row.project_status;
    const types = sourceTypes.get(row.id);
    if (form === 'full' && types?.length) dto.sourceTypes = types;
    dto.attributes = attrs;
    const names = groups.get(row.id);
    if (names?.length) dto.groups = names.map((name) => ({ name }));
    if (form === 'full' && timeoutMs !== undefined) dto.persistentTokenTimeout = timeoutMs;
    return dto;
  });
}

/** One project by name in the full form, or undefined. */
export async function loadProject(db: Queryable, projectName: string, timeoutMs?: number): Promise<ProjectDTO | undefined> {
  const rows = await db.query<ProjectRow>(`${PROJECT_SELECT} WHERE p.project_name = $1`, [projectName]);
  return (await toProjectDTOs(db, rows, 'full', timeoutMs))[0];
}

/** The project's id, or a 404 `error.projectNameNotFound`. */
export async function projectIdByName(db: Queryable, projectName: string): Promise<number> {
  const row = await first<{ id: number }>(db, 'SELECT id FROM project WHERE project_name = $1', [projectName]);
  if (!row) throw projectNotFound(projectName);
  return row.id;
}
