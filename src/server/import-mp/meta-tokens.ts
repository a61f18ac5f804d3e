// Meta-tokens (pairing links) that ManagementPortal would still honour: unexpired, and unfetched unless persistent.
// Expired or used ones are skipped: they can never be used again. A token fetched in the portal since the last run
// stays fetched: a run never reopens a single-use link.
import { first } from '../db/database';
import type { ImportContext } from './context';
import type { MpMetaToken } from './mp-model';
import { importNamed } from './named-import';

/** A meta-token as the portal stores it: ManagementPortal's without its id and validity, for a subject of the portal. */
type MetaToken = Omit<MpMetaToken, 'id' | 'valid' | 'expired'>;

export function importMetaTokens(ctx: ImportContext, rows: MpMetaToken[]): Promise<void> {
  return importNamed<MpMetaToken, MetaToken>(ctx, rows, {
    entity: 'meta-tokens',
    kind: 'metatoken',
    mpId: (m) => m.id,
    label: (m) => m.name,
    desired: (c, m) => {
      if (m.expired) return { skip: 'expired' };
      if (!m.valid) return { skip: 'already used (not persistent)' };
      if (!m.clientId) return { skip: 'no client' };
      const subjectId = m.subjectId === null ? null : c.subjectIds.get(m.subjectId);
      if (subjectId === undefined) return { skip: 'its subject was not imported' };
      return { name: m.name, fetched: m.fetched, persistent: m.persistent, expiryDate: m.expiryDate, subjectId, clientId: m.clientId };
    },
    findByName: async ({ tx }, v) => (await first<{ id: number }>(tx, 'SELECT id FROM radar_meta_token WHERE token_name = $1', [v.name]))?.id,
    current: async ({ tx }, id) => {
      const r = await first<MetaToken>(
        tx,
        `SELECT token_name AS name, fetched, persistent, to_char(expiry_date, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "expiryDate",
                subject_id AS "subjectId", client_id AS "clientId" FROM radar_meta_token WHERE id = $1`,
        [id],
      );
      return r && { ...r, subjectId: r.subjectId === null ? null : Number(r.subjectId) };
    },
    merge: (v, current) => ({ ...v, fetched: v.fetched || current.fetched }),
    insert: async ({ tx }, v) =>
      (await first<{ id: number }>(
        tx,
        `INSERT INTO radar_meta_token (token_name, fetched, persistent, expiry_date, subject_id, client_id) VALUES ($1, $2, $3, $4::text::timestamptz, $5, $6) RETURNING id`,
        [v.name, v.fetched, v.persistent, v.expiryDate, v.subjectId, v.clientId],
      ))!.id,
    update: async ({ tx }, id, v) => {
      await tx.query(
        'UPDATE radar_meta_token SET token_name = $2, fetched = $3, persistent = $4, expiry_date = $5::text::timestamptz, subject_id = $6, client_id = $7 WHERE id = $1',
        [id, v.name, v.fetched, v.persistent, v.expiryDate, v.subjectId, v.clientId],
      );
    },
  });
}
