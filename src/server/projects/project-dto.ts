// ProjectDTO in its two forms; absent values are left out (not null). Full: with the organization object, source
// types and persistentTokenTimeout (project endpoints). Reduced: without those three (inside OrganizationDTO.projects).
// Projects read here come with their attributes, groups (and source types) in their rows: one statement for any
// number of them. Rows read elsewhere (toProjectDTOs) take a fixed number: attributes, groups and source types.
import type { Attributes, ProjectDTO, ProjectStatus } from '../../common/dto';
import { first, jsonColumn, type Queryable } from '../db/database';
import { projectNotFound } from '../http/not-found';
import { reducedSourceType, sourceTypesByProject } from './source-type-summary';

export const HUMAN_READABLE_PROJECT_NAME = 'Human-readable-project-name';

export type ProjectForm = 'full' | 'reduced';

const PROJECT_COLUMNS = `p.id, p.project_name, p.description, p.location, p.start_date, p.end_date,
         p.project_status, o.id AS org_id, o.name AS org_name, o.description AS org_description, o.location AS org_location`;
const PROJECT_FROM = 'FROM project p JOIN radar_organization o ON o.id = p.organization_id';

export const PROJECT_SELECT = `SELECT ${PROJECT_COLUMNS}
    ${PROJECT_FROM}`;

// A project's attributes (key and value pairs in key order), group names (in name order) and, for the full form, its
// reduced source types (in id order), as JSON columns of its row: what attributesByProject, groupNamesByProject and
// sourceTypesByProject read in statements of their own, in the same order.
const DETAIL_COLUMNS = `(SELECT json_agg(json_build_array(m.attribute_key, m.attribute_value) ORDER BY m.attribute_key)
           FROM project_metadata m WHERE m.project_id = p.id) AS attribute_pairs,
         (SELECT json_agg(g.name ORDER BY g.name) FROM radar_group g WHERE g.project_id = p.id) AS group_names`;
const SOURCE_TYPES_COLUMN = `(SELECT json_agg(json_build_object('id', st.id, 'producer', st.producer, 'model', st.model,
             'catalog_version', st.catalog_version, 'source_type_scope', st.source_type_scope,
             'dynamic_registration', st.dynamic_registration, 'name', st.name) ORDER BY st.id)
           FROM project_source_type pst JOIN source_type st ON st.id = pst.source_type_id WHERE pst.project_id = p.id) AS source_types`;

/** PROJECT_SELECT with each project's details (DETAIL_COLUMNS) in its row: a project's DTO in one statement. */
const selectWithDetails = (form: ProjectForm) => `SELECT ${PROJECT_COLUMNS},
         ${DETAIL_COLUMNS}${form === 'full' ? `,\n         ${SOURCE_TYPES_COLUMN}` : ''}
    ${PROJECT_FROM}`;

interface DetailedProjectRow extends ProjectRow {
  attribute_pairs: [string, string | null][] | string | null;
  group_names: string[] | string | null;
  source_types: Parameters<typeof reducedSourceType>[0][] | string | null;
}

/** The details of DetailedProjectRows, as projectDetails answers them. */
function detailsOf(rows: DetailedProjectRow[]): ProjectDetails {
  const details: ProjectDetails = { attributes: new Map(), groups: new Map(), sourceTypes: new Map() };
  for (const row of rows) {
    const attributes: Attributes = {};
    for (const [key, value] of jsonColumn(row.attribute_pairs) ?? []) attributes[key] = value ?? '';
    details.attributes.set(row.id, attributes);
    const groups = jsonColumn(row.group_names);
    if (groups) details.groups.set(row.id, groups);
    const types = jsonColumn(row.source_types);
    if (types) details.sourceTypes.set(row.id, types.map(reducedSourceType));
  }
  return details;
}

/**
 * The projects `tail` selects (a WHERE over `project p` and its organization `o`, with order and limit) and their
 * DTOs, each with its attributes, groups (and source types) in its row: one statement.
 */
export async function projectDtosOf(db: Queryable, tail: string, params: unknown[], form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO[]> {
  const rows = await db.query<DetailedProjectRow>(`${selectWithDetails(form)} ${tail}`, params);
  return assemble(rows, detailsOf(rows), form, timeoutMs);
}

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

/** The DTO of project `projectId`, or undefined: its row with its attributes, groups (and source types), one statement. */
export function projectDtoById(db: Queryable, projectId: number, form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO | undefined> {
  return projectDtoOf(db, { sql: '$1::bigint', params: [projectId] }, form, timeoutMs);
}

/** Like projectDtoById, for the one project `filter` names (e.g. a subquery: a subject's project). */
export async function projectDtoOf(db: Queryable, filter: ProjectFilter, form: ProjectForm, timeoutMs?: number): Promise<ProjectDTO | undefined> {
  return (await projectDtosOf(db, `WHERE p.id = ${filter.sql}`, filter.params, form, timeoutMs))[0];
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
  return (await projectDtosOf(db, 'WHERE p.project_name = $1', [projectName], 'full', timeoutMs))[0];
}

/** The project's id, or a 404 `error.projectNameNotFound`. */
export async function projectIdByName(db: Queryable, projectName: string): Promise<number> {
  const row = await first<{ id: number }>(db, 'SELECT id FROM project WHERE project_name = $1', [projectName]);
  if (!row) throw projectNotFound(projectName);
  return row.id;
}
