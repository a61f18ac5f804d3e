// The record of which portal row each imported ManagementPortal row became (table mp_import_map, migration 054),
// held in memory for the run and written back in bulk. Kinds: organization, project, group, sourcetype, sourcedata,
// user (subjects go with their user), client, metatoken.
import type { Queryable } from '../db/database';
import { inChunks, recordset } from './bulk';

export type MapKind = 'organization' | 'project' | 'group' | 'sourcetype' | 'sourcedata' | 'user' | 'client' | 'metatoken';

export class ImportMap {
  private readonly known = new Map<string, string>();
  private readonly added: { entity: string; mp_id: string; portal_id: string }[] = [];

  static async load(tx: Queryable): Promise<ImportMap> {
    const map = new ImportMap();
    for (const r of await tx.query<{ entity: string; mp_id: string; portal_id: string }>('SELECT entity, mp_id, portal_id FROM mp_import_map')) {
      map.known.set(`${r.entity}:${r.mp_id}`, r.portal_id);
    }
    return map;
  }

  get size(): number {
    return this.known.size;
  }

  /** The portal id an earlier (or this) run gave the ManagementPortal row, if any. */
  portalId(kind: MapKind, mpId: number | string): string | undefined {
    return this.known.get(`${kind}:${mpId}`);
  }

  numericId(kind: MapKind, mpId: number | string | null | undefined): number | undefined {
    if (mpId === null || mpId === undefined) return undefined;
    const id = this.portalId(kind, mpId);
    return id === undefined ? undefined : Number(id);
  }

  set(kind: MapKind, mpId: number | string, portalId: number | string): void {
    const key = `${kind}:${mpId}`;
    if (this.known.get(key) === String(portalId)) return;
    this.known.set(key, String(portalId));
    this.added.push({ entity: kind, mp_id: String(mpId), portal_id: String(portalId) });
  }

  async flush(tx: Queryable): Promise<void> {
    const rows = this.added.splice(0);
    await inChunks(tx, `INSERT INTO mp_import_map (entity, mp_id, portal_id)
      SELECT entity, mp_id, portal_id FROM ${recordset([['entity', 'text'], ['mp_id', 'text'], ['portal_id', 'text']])}
      ON CONFLICT (entity, mp_id) DO UPDATE SET portal_id = EXCLUDED.portal_id, imported_at = now()`, rows);
  }
}
