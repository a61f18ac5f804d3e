// Which tables and columns the ManagementPortal database has, from information_schema, checked before anything is
// read or written. The importer reads the schema of ManagementPortal 2.x and 3.0 (docs/import-mp.md, "Versions"):
// the columns every one of those versions has are required, and a missing one stops the import with its name; the
// optional parts (organizations, groups, subject person name, date of birth and enrollment date, source deleted
// flag, persistent meta-tokens, user identity, the Envers history) are detected here and read as absent when
// missing, so an older 2.x database is read as far as it goes. ManagementPortal dropped the JHipster audit columns
// (created_by, ...) from its entity tables in 2018 (changelog 20180313103735_enable_envers_revisions); who created
// what is in the Envers tables only (`envers.ts`), so no audit column is read from an entity table.
import type { Queryable } from '../db/database';

/** Every table the importer reads, with the columns it cannot do without. `required: false`: the whole table is
 * optional (absent in older versions), but when it is there its listed columns must be too. */
const TABLES: { table: string; required: boolean; columns: string[] }[] = [
  { table: 'radar_user', required: true, columns: ['id', 'login', 'password_hash', 'first_name', 'last_name', 'email', 'activated', 'lang_key', 'activation_key', 'reset_key', 'reset_date'] },
  { table: 'radar_authority', required: true, columns: ['name'] },
  { table: 'radar_role', required: true, columns: ['id', 'authority_name', 'project_id'] },
  { table: 'role_users', required: true, columns: ['users_id', 'roles_id'] },
  { table: 'project', required: true, columns: ['id', 'project_name', 'description', 'location', 'start_date', 'end_date', 'project_status'] },
  { table: 'project_source_type', required: true, columns: ['projects_id', 'source_types_id'] },
  { table: 'subject', required: true, columns: ['id', 'user_id', 'external_link', 'external_id', 'removed'] },
  { table: 'radar_source', required: true, columns: ['id', 'source_id', 'source_name', 'expected_source_name', 'assigned', 'source_type_id', 'project_id'] },
  { table: 'source_type', required: true, columns: ['id', 'producer', 'model', 'catalog_version', 'source_type_scope', 'app_provider'] },
  { table: 'source_data', required: true, columns: ['id', 'source_type_id', 'source_data_type', 'source_data_name', 'frequency', 'unit', 'data_class', 'key_schema', 'value_schema', 'topic', 'provider', 'enabled'] },
  { table: 'oauth_client_details', required: true, columns: ['client_id', 'resource_ids', 'client_secret', 'scope', 'authorized_grant_types', 'web_server_redirect_uri', 'authorities', 'access_token_validity', 'refresh_token_validity', 'additional_information', 'autoapprove'] },
  { table: 'radar_organization', required: false, columns: ['id', 'name', 'description', 'location'] },
  { table: 'radar_group', required: false, columns: ['id', 'project_id', 'name'] },
  { table: 'project_metadata', required: false, columns: ['id', 'attribute_key', 'attribute_value'] },
  { table: 'subject_metadata', required: false, columns: ['id', 'attribute_key', 'attribute_value'] },
  { table: 'source_metadata', required: false, columns: ['id', 'attribute_key', 'attribute_value'] },
  { table: 'radar_meta_token', required: false, columns: ['id', 'token_name', 'fetched', 'expiry_date'] },
  { table: '_revisions_info', required: false, columns: ['id', 'auditor', 'timestamp'] },
  { table: 'radar_user_aud', required: false, columns: ['id', 'rev', 'revtype'] },
  { table: 'subject_aud', required: false, columns: ['id', 'rev', 'revtype'] },
];

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

/** The database is not one the importer can read: the message names every missing table and column. */
export class NotManagementPortalError extends Error {}

export interface MpSchema {
  has(table: string, column?: string): boolean;
  /** information_schema's data_type of a column ('bigint', 'timestamp without time zone', ...), or undefined. */
  typeOf(table: string, column: string): string | undefined;
  features(): string[];
}

export async function inspectSchema(tx: Queryable): Promise<MpSchema> {
  const rows = await tx.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const columns = new Map<string, Map<string, string>>();
  for (const r of rows) {
    const table = columns.get(r.table_name) ?? new Map<string, string>();
    table.set(r.column_name, r.data_type);
    columns.set(r.table_name, table);
  }
  const missing: string[] = [];
  for (const { table, required, columns: needed } of TABLES) {
    const present = columns.get(table);
    if (!present) {
      if (required) missing.push(`table ${table}`);
      continue;
    }
    for (const column of needed) if (!present.has(column)) missing.push(`column ${table}.${column}`);
  }
  if (missing.length) {
    throw new NotManagementPortalError(`not a ManagementPortal database the importer can read: missing ${missing.join(', ')}`);
  }
  const has = (table: string, column?: string) => (column ? columns.get(table)?.has(column) === true : columns.has(table));
  return {
    has,
    typeOf: (table, column) => columns.get(table)?.get(column),
    features: () => FEATURES.filter(([, t, col]) => has(t, col)).map(([name]) => name),
  };
}
