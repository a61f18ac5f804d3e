// Sources, in bulk, by their UUID (source_id), which is their identity on both sides: a portal source with the
// same UUID is the same source and is updated; one with the same name but another UUID is a conflict. Carried:
// name, expected name, assigned, deleted, source type, project, subject and attributes.
import { inChunks, recordset } from './bulk';
import { sameRows, sortedEntries, type ImportContext } from './context';
import type { MpSource } from './mp-model';
import type { Outcome } from './report';
import { jsonColumn } from '../db/database';

interface SourceRow {
  source_id: string;
  source_name: string;
  expected_source_name: string | null;
  assigned: boolean;
  deleted: boolean;
  source_type_id: number | null;
  project_id: number | null;
  subject_id: number | null;
}

const COLUMNS: [keyof SourceRow, string][] = [
  ['source_id', 'uuid'], ['source_name', 'text'], ['expected_source_name', 'text'], ['assigned', 'boolean'], ['deleted', 'boolean'],
  ['source_type_id', 'bigint'], ['project_id', 'bigint'], ['subject_id', 'bigint'],
];

type Current = SourceRow & { id: number; attributes: [string, string | null][] };

export async function importSources(ctx: ImportContext, sources: MpSource[]): Promise<void> {
  const { tx, report, map } = ctx;
  const rows = await tx.query<Current>(
    `SELECT r.id, r.source_id::text AS source_id, r.source_name, r.expected_source_name, r.assigned, r.deleted, r.source_type_id, r.project_id, r.subject_id,
            coalesce((SELECT json_agg(json_build_array(m.attribute_key, m.attribute_value) ORDER BY m.attribute_key COLLATE "C")
                        FROM source_metadata m WHERE m.source_id = r.id), '[]') AS attributes
       FROM radar_source r WHERE r.source_id = ANY($1::uuid[]) OR r.source_name = ANY($2::text[])`,
    [sources.map((s) => s.sourceId), sources.map((s) => s.name)],
  );
  const n = (v: unknown) => (v === null ? null : Number(v));
  const byUuid = new Map<string, Current>();
  const byName = new Map<string, Current>();
  for (const r of rows) {
    const c = { ...r, id: Number(r.id), source_type_id: n(r.source_type_id), project_id: n(r.project_id), subject_id: n(r.subject_id),
      attributes: jsonColumn(r.attributes) };
    byUuid.set(c.source_id, c);
    byName.set(c.source_name, c);
  }

  const inserts: (SourceRow & { attributes: [string, string | null][] })[] = [];
  const updates: (SourceRow & { id: number; attributes: [string, string | null][]; attributes_changed: boolean })[] = [];
  const outcomes: Outcome[] = [];
  for (const s of sources) {
    report.read('sources');
    const sourceTypeId = s.sourceTypeId === null ? null : map.numericId('sourcetype', s.sourceTypeId) ?? -1;
    const projectId = s.projectId === null ? null : map.numericId('project', s.projectId) ?? -1;
    const subjectId = s.subjectId === null ? null : ctx.subjectIds.get(s.subjectId) ?? -1;
    if (sourceTypeId === -1) { report.skip('sources', 'its source type was not imported'); continue; }
    if (projectId === -1) { report.skip('sources', 'its project was not imported'); continue; }
    if (subjectId === -1) { report.skip('sources', 'its subject was not imported'); continue; }
    const row: SourceRow = {
      source_id: s.sourceId.toLowerCase(), source_name: s.name, expected_source_name: s.expectedName, assigned: s.assigned, deleted: s.deleted,
      source_type_id: sourceTypeId, project_id: projectId, subject_id: subjectId,
    };
    const attributes = sortedEntries(s.attributes);
    const existing = byUuid.get(row.source_id);
    const named = byName.get(row.source_name);
    if (named && named.source_id !== row.source_id) {
      report.conflict('sources', s.name, `a portal source of this name has another source id (${named.source_id})`);
      continue;
    }
    if (!existing) {
      inserts.push({ ...row, attributes });
      outcomes.push('created');
      continue;
    }
    const { id, attributes: currentAttributes, ...currentRow } = existing;
    const attributesChanged = !sameRows(currentAttributes, attributes);
    if (sameRows(row, currentRow) && !attributesChanged) {
      outcomes.push('unchanged');
    } else {
      updates.push({ ...row, id, attributes, attributes_changed: attributesChanged });
      outcomes.push('updated');
    }
  }

  const names = COLUMNS.map(([c]) => c).join(', ');
  const created = await inChunks<{ id: number; source_id: string }>(
    tx,
    `INSERT INTO radar_source (${names}) SELECT ${names} FROM ${recordset(COLUMNS)} RETURNING id, source_id::text AS source_id`,
    inserts.map(({ attributes: _a, ...row }) => row),
  );
  const idOf = new Map(created.map((r) => [r.source_id, Number(r.id)]));
  await inChunks(
    tx,
    `UPDATE radar_source r SET ${COLUMNS.map(([c]) => `${c} = x.${c}`).join(', ')} FROM ${recordset([['id', 'bigint'], ...COLUMNS])} WHERE r.id = x.id`,
    updates.map(({ attributes: _a, attributes_changed: _c, ...row }) => row),
  );
  const renewed = updates.filter((u) => u.attributes_changed);
  await tx.query('DELETE FROM source_metadata WHERE source_id = ANY($1::bigint[])', [renewed.map((u) => u.id)]);
  const attributeRows = [
    ...inserts.flatMap((s) => s.attributes.map(([k, v]) => ({ source_id: idOf.get(s.source_id)!, attribute_key: k, attribute_value: v }))),
    ...renewed.flatMap((s) => s.attributes.map(([k, v]) => ({ source_id: s.id, attribute_key: k, attribute_value: v }))),
  ];
  await inChunks(
    tx,
    `INSERT INTO source_metadata (source_id, attribute_key, attribute_value) SELECT * FROM ${recordset([['source_id', 'bigint'], ['attribute_key', 'text'], ['attribute_value', 'text']])}`,
    attributeRows,
    20_000,
  );
  for (const o of outcomes) report.count('sources', o);
}
