// GET api/public/projects: what anyone may know about the projects before signing in (the platform's apps list
// them on their first screen): every project's name, description and source types, nothing else. Public, paged like
// every "unlimited" list (docs/api-conventions.md, "Paging"), sortable only on what it shows. docs/projects.md.
import type { MinimalSourceTypeDTO, PublicProjectDTO } from '../../common/dto';
import type { Queryable } from '../db/database';
import { ok } from '../http/context';
import { limitClause, orderByClause, pagingHeaders, parsePageable } from '../http/paging';
import { PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';

// Sorting on a field the answer does not show (location, dates, status) would disclose its order, so only these.
const SORTABLE: Readonly<Record<string, string>> = {
  id: 'p.id',
  projectName: 'p.project_name',
  description: 'p.description',
};

interface PublicProjectRow {
  id: number;
  project_name: string;
  description: string | null;
}

interface MinimalSourceTypeRow extends MinimalSourceTypeDTO {
  project_id: number;
}

/** The source types of each project in their minimal form (id, model, producer, catalogVersion), by id. */
async function minimalSourceTypesByProject(db: Queryable, projectIds: number[]): Promise<Map<number, MinimalSourceTypeDTO[]>> {
  const result = new Map<number, MinimalSourceTypeDTO[]>();
  if (!projectIds.length) return result;
  const rows = await db.query<MinimalSourceTypeRow>(
    `SELECT pst.project_id, st.id, st.model, st.producer, st.catalog_version AS "catalogVersion"
       FROM project_source_type pst JOIN source_type st ON st.id = pst.source_type_id
      WHERE pst.project_id = ANY($1::bigint[])
      ORDER BY st.id`,
    [projectIds],
  );
  for (const { project_id: projectId, id, model, producer, catalogVersion } of rows) {
    result.set(projectId, [...(result.get(projectId) ?? []), { id, model, producer, catalogVersion }]);
  }
  return result;
}

function toPublicProjectDTO(row: PublicProjectRow, sourceTypes: MinimalSourceTypeDTO[] | undefined): PublicProjectDTO {
  const dto: PublicProjectDTO = { projectName: row.project_name };
  if (row.description !== null) dto.description = row.description;
  if (sourceTypes?.length) dto.sourceTypes = sourceTypes;
  return dto;
}

export const publicProjectRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/public/projects', access: PUBLIC,
    query: doc.pageable(2000, Object.keys(SORTABLE)),
    handler: async ({ ctx }) => {
      const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: SORTABLE });
      const { db } = ctx.app;
      const [{ total }] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM project');
      const params: unknown[] = [];
      const rows = await db.query<PublicProjectRow>(
        `SELECT p.id, p.project_name, p.description FROM project p ${orderByClause(pageable, 'p.id')} ${limitClause(pageable, params)}`,
        params,
      );
      const sourceTypes = await minimalSourceTypesByProject(db, rows.map((r) => r.id));
      return ok(
        rows.map((row) => toPublicProjectDTO(row, sourceTypes.get(row.id))),
        pagingHeaders('/api/public/projects', pageable, total),
      );
    },
    doc: {
      tag: 'Public', summary: 'Every project, publicly',
      description: 'Name, description and source types of every project, for apps to list before anyone signs in. '
        + 'Paged (2000 by default and at most); sorted by id unless asked otherwise.',
      success: doc.paged('PublicProjectDTO', 'One page of projects'),
    },
  }),
];
