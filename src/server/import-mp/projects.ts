// Projects by name, with their attributes (project_metadata), source types and organization; then groups by
// (project, name). Timestamps travel as text (`::text::timestamptz`): a driver's own date conversion would drop
// the microseconds ManagementPortal keeps.
import { first } from '../db/database';
import { sortedEntries, type ImportContext } from './context';
import type { MpGroup, MpProject } from './mp-model';
import { importNamed } from './named-import';
import { fallbackOrganizationId } from './organizations';

interface Project {
  name: string;
  description: string;
  location: string;
  startDate: string | null;
  endDate: string | null;
  status: string | null;
  organizationId: number;
  attributes: [string, string | null][];
  sourceTypeIds: number[];
}

const STATUSES = new Set(['PLANNING', 'ONGOING', 'ENDED']);
const TS = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function writeChildren(ctx: ImportContext, id: number, v: Project): Promise<void> {
  await ctx.tx.query('DELETE FROM project_metadata WHERE project_id = $1', [id]);
  for (const [key, value] of v.attributes) {
    await ctx.tx.query('INSERT INTO project_metadata (project_id, attribute_key, attribute_value) VALUES ($1, $2, $3)', [id, key, value]);
  }
  await ctx.tx.query('DELETE FROM project_source_type WHERE project_id = $1', [id]);
  if (v.sourceTypeIds.length) {
    await ctx.tx.query('INSERT INTO project_source_type (project_id, source_type_id) SELECT $1, unnest($2::bigint[])', [id, v.sourceTypeIds]);
  }
}

export function importProjects(ctx: ImportContext, rows: MpProject[]): Promise<void> {
  return importNamed<MpProject, Project>(ctx, rows, {
    entity: 'projects',
    kind: 'project',
    mpId: (m) => m.id,
    label: (m) => m.name,
    desired: async (c, m) => {
      let organizationId = c.map.numericId('organization', m.organizationId);
      if (m.organizationId !== null && organizationId === undefined) return { skip: 'its organization was not imported' };
      if (organizationId === undefined) {
        organizationId = await fallbackOrganizationId(c, m.organizationName);
        c.report.note('projects without an organization were put in the organization their free-text organization names, else in main');
      }
      if (organizationId === undefined) return { skip: 'no organization for it' };
      const sourceTypeIds = m.sourceTypeIds.map((t) => c.map.numericId('sourcetype', t)).filter((t): t is number => t !== undefined);
      if (sourceTypeIds.length < m.sourceTypeIds.length) c.report.note('a project lost a source type that was not imported');
      return {
        name: m.name, description: m.description ?? '', location: m.location ?? '', startDate: m.startDate, endDate: m.endDate,
        status: m.status && STATUSES.has(m.status) ? m.status : null, organizationId,
        attributes: sortedEntries(m.attributes), sourceTypeIds: [...new Set(sourceTypeIds)].sort((a, b) => a - b),
      };
    },
    findByName: async ({ tx }, v) => (await first<{ id: number }>(tx, 'SELECT id FROM project WHERE project_name = $1', [v.name]))?.id,
    current: async ({ tx }, id) => {
      const row = await first<Omit<Project, 'attributes' | 'sourceTypeIds'> & { attributes: [string, string | null][] | null; types: number[] | null }>(
        tx,
        `SELECT project_name AS name, description, location, ${TS('start_date')} AS "startDate", ${TS('end_date')} AS "endDate",
                project_status AS status, organization_id AS "organizationId",
                (SELECT json_agg(json_build_array(attribute_key, attribute_value) ORDER BY attribute_key COLLATE "C")
                   FROM project_metadata WHERE project_id = p.id) AS attributes,
                (SELECT json_agg(source_type_id ORDER BY source_type_id) FROM project_source_type WHERE project_id = p.id) AS types
           FROM project p WHERE id = $1`,
        [id],
      );
      if (!row) return undefined;
      const { types, attributes, ...rest } = row;
      return { ...rest, organizationId: Number(rest.organizationId), attributes: attributes ?? [], sourceTypeIds: (types ?? []).map(Number) };
    },
    insert: async (c, v) => {
      const { id } = (await first<{ id: number }>(
        c.tx,
        `INSERT INTO project (project_name, description, location, start_date, end_date, project_status, organization_id)
         VALUES ($1, $2, $3, $4::text::timestamptz, $5::text::timestamptz, $6, $7) RETURNING id`,
        [v.name, v.description, v.location, v.startDate, v.endDate, v.status, v.organizationId],
      ))!;
      await writeChildren(c, id, v);
      return id;
    },
    update: async (c, id, v) => {
      await c.tx.query(
        `UPDATE project SET project_name = $2, description = $3, location = $4, start_date = $5::text::timestamptz, end_date = $6::text::timestamptz, project_status = $7,
           organization_id = $8 WHERE id = $1`,
        [id, v.name, v.description, v.location, v.startDate, v.endDate, v.status, v.organizationId],
      );
      await writeChildren(c, Number(id), v);
    },
  });
}

interface Group {
  projectId: number;
  name: string;
}

export function importGroups(ctx: ImportContext, rows: MpGroup[]): Promise<void> {
  return importNamed<MpGroup, Group>(ctx, rows, {
    entity: 'groups',
    kind: 'group',
    mpId: (m) => m.id,
    label: (m) => m.name,
    desired: (c, m) => {
      const projectId = c.map.numericId('project', m.projectId);
      return projectId === undefined ? { skip: 'its project was not imported' } : { projectId, name: m.name };
    },
    findByName: async ({ tx }, v) =>
      (await first<{ id: number }>(tx, 'SELECT id FROM radar_group WHERE project_id = $1 AND name = $2', [v.projectId, v.name]))?.id,
    current: async ({ tx }, id) => {
      const row = await first<Group>(tx, 'SELECT project_id AS "projectId", name FROM radar_group WHERE id = $1', [id]);
      return row && { projectId: Number(row.projectId), name: row.name };
    },
    insert: async ({ tx }, v) =>
      (await first<{ id: number }>(tx, 'INSERT INTO radar_group (project_id, name) VALUES ($1, $2) RETURNING id', [v.projectId, v.name]))!.id,
    update: async ({ tx }, id, v) => {
      await tx.query('UPDATE radar_group SET project_id = $2, name = $3 WHERE id = $1', [id, v.projectId, v.name]);
    },
  });
}
