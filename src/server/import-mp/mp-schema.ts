// Which tables and columns the ManagementPortal database has. The importer reads the schema of ManagementPortal 2.x
// and 3.0 (docs/import-mp.md, "Versions"); the optional parts (organizations, groups, subject person name, date of
// birth and enrollment date, source deleted flag, persistent meta-tokens, user identity) are detected here and
// read as NULL where missing, so an older 2.x database is read as far as it goes.
import type { Queryable } from '../db/database';

const REQUIRED = ['radar_user', 'radar_authority', 'radar_role', 'role_users', 'project', 'project_source_type', 'subject',
  'radar_source', 'source_type', 'source_data', 'oauth_client_details'];

const FEATURES: [string, string, string?][] = [
  ['organizations', 'radar_organization'],
  ['groups', 'radar_group'],
  ['subject.person_name', 'subject', 'person_name'],
  ['subject.date_of_birth', 'subject', 'date_of_birth'],
  ['subject.enrollment_date', 'subject', 'enrollment_date'],
  ['source.deleted', 'radar_source', 'deleted'],
  ['meta_token.persistent', 'radar_meta_token', 'persistent'],
  ['user.identity', 'radar_user', 'identity'],
  ['envers', '_revisions_info'],
];

export class NotManagementPortalError extends Error {}

export interface MpSchema {
  has(table: string, column?: string): boolean;
  features(): string[];
}

export async function inspectSchema(tx: Queryable): Promise<MpSchema> {
  const rows = await tx.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const columns = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = columns.get(r.table_name) ?? new Set<string>();
    set.add(r.column_name);
    columns.set(r.table_name, set);
  }
  const missing = REQUIRED.filter((t) => !columns.has(t));
  if (missing.length) {
    throw new NotManagementPortalError(`not a ManagementPortal database: missing table(s) ${missing.join(', ')}`);
  }
  const has = (table: string, column?: string) => (column ? columns.get(table)?.has(column) === true : columns.has(table));
  return { has, features: () => FEATURES.filter(([, t, col]) => has(t, col)).map(([name]) => name) };
}
