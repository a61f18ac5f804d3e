// Who may change or delete a source type or its source data (docs/catalogue.md, "Who may change a source type"), and
// the `usage` the GET answers carry so the client can show the same rule. The projects using the touched types are
// read with one statement; each is then checked through the guard with its organization given, which needs none.
import { mayChangeUnused, usingProjectEntity, type CataloguePermission } from '../../common/catalogue-scope';
import type { SourceTypeDTO, SourceTypeUsageDTO, UsingProjectDTO } from '../../common/dto';
import { referentsByScope } from '../../common/permission-check';
import { allowed } from '../auth/guards';
import type { Principal } from '../auth/principal';
import type { Queryable } from '../db/database';
import { accessDenied } from '../http/errors';

/** A type a write touches (null: a source data row without a type) and the projects using it. */
interface TouchedType {
  label: string | null;
  projects: UsingProjectDTO[];
}

interface UsageRow {
  type_id: number | null;
  producer: string | null;
  model: string | null;
  catalog_version: string | null;
  project_name: string | null;
  organization_name: string | null;
}

const usingProject = (row: { project_name: string; organization_name: string | null }): UsingProjectDTO =>
  row.organization_name === null ? { projectName: row.project_name } : { projectName: row.project_name, organizationName: row.organization_name };

/**
 * The types named by `typesSql` (a SELECT of one column `type_id`; a null type_id is a row without a type) with the
 * projects using them, in one statement. No rows: nothing the SELECT names exists (the write then answers its 404).
 */
export async function touchedTypes(q: Queryable, typesSql: string, params: unknown[]): Promise<TouchedType[]> {
  const rows = await q.query<UsageRow>(
    `SELECT t.type_id, st.producer, st.model, st.catalog_version, p.project_name, o.name AS organization_name
       FROM (${typesSql}) t
       LEFT JOIN source_type st ON st.id = t.type_id
       LEFT JOIN project_source_type pst ON pst.source_type_id = t.type_id
       LEFT JOIN project p ON p.id = pst.project_id
       LEFT JOIN radar_organization o ON o.id = p.organization_id
      ORDER BY t.type_id, p.project_name`,
    params,
  );
  const byType = new Map<number | null, TouchedType>();
  for (const row of rows) {
    let touched = byType.get(row.type_id);
    if (!touched) {
      touched = { label: row.type_id === null ? null : `${row.producer} ${row.model} ${row.catalog_version}`, projects: [] };
      byType.set(row.type_id, touched);
    }
    if (row.project_name !== null) touched.projects.push(usingProject({ project_name: row.project_name, organization_name: row.organization_name }));
  }
  return [...byType.values()];
}

/**
 * 403 `error.accessDenied` unless the caller may change every touched type: the permission reaches every project
 * using it, or, for a type no project uses (or no type), the caller is a system or organization admin.
 */
export async function requireCatalogueScope(q: Queryable, principal: Principal, permission: CataloguePermission, types: TouchedType[]): Promise<void> {
  for (const { label, projects } of types) {
    const what = label === null ? 'A source data row without a source type' : `Source type ${label}`;
    if (!projects.length) {
      if (mayChangeUnused(principal.token, permission)) continue;
      throw accessDenied(`${what} is used by no project: only system and organization administrators may change it (${permission})`);
    }
    let outside = 0;
    for (const project of projects) {
      if (!(await allowed(q, principal, permission, usingProjectEntity(project)))) outside += 1;
    }
    if (outside) {
      throw accessDenied(`${what} is used by ${outside} project(s) outside your scope: only administrators of every project using it may change it (${permission})`);
    }
  }
}

/**
 * The full DTOs with their `usage`: every using project counted, those the caller may read (PROJECT.READ, as the
 * project list narrows, docs/permissions.md) named. One statement for any number of types.
 */
export async function withUsage(q: Queryable, principal: Principal, dtos: SourceTypeDTO[]): Promise<SourceTypeDTO[]> {
  const ids = dtos.map((d) => d.id).filter((id): id is number => id !== undefined);
  const rows = ids.length
    ? await q.query<{ type_id: number; project_name: string; organization_name: string | null }>(
      `SELECT pst.source_type_id AS type_id, p.project_name, o.name AS organization_name
         FROM project_source_type pst
         JOIN project p ON p.id = pst.project_id
         LEFT JOIN radar_organization o ON o.id = p.organization_id
        WHERE pst.source_type_id = ANY($1::bigint[])
        ORDER BY p.project_name`,
      [ids],
    )
    : [];
  const reach = referentsByScope(principal.token, 'PROJECT.READ');
  const readable = (row: { project_name: string; organization_name: string | null }) =>
    reach.global || reach.projects.includes(row.project_name) || (row.organization_name !== null && reach.organizations.includes(row.organization_name));
  const usage = new Map<number, SourceTypeUsageDTO>(ids.map((id) => [id, { projectCount: 0, projects: [] }]));
  for (const row of rows) {
    const entry = usage.get(Number(row.type_id))!;
    entry.projectCount += 1;
    if (readable(row)) entry.projects.push(usingProject(row));
  }
  return dtos.map((d) => (d.id === undefined ? d : { ...d, usage: usage.get(d.id) }));
}
