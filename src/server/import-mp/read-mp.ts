// Reads a whole ManagementPortal database (the tables its Liquibase changelogs create, 2.x and 3.0) into memory, in
// one read-only, repeatable-read transaction so every table is seen at the same moment: it only reads, so
// ManagementPortal's tables are exactly as before. Required tables and columns are checked first and optional
// columns that older versions lack are read as NULL (mp-schema.ts); who created a user or subject, and when, comes
// from the Envers history (envers.ts). Timestamps are read in UTC: ManagementPortal's columns are
// `timestamp` without a zone, written in UTC by its default configuration.
import type { Database, Queryable } from '../db/database';
import type { Attributes, MpClient, MpData, MpMetaToken, MpRole } from './mp-model';
import { mergeProvenance, readProvenance } from './envers';
import { inspectSchema, type MpSchema } from './mp-schema';

// Rows as the driver answers them; each reader below names the columns it takes.
type R = Record<string, any>;

const ts = (expr: string) => `to_char((${expr})::timestamp, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const list = (v: unknown): string[] =>
  typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];

/** Spring Security's DelegatingPasswordEncoder form: `{bcrypt}$2a$...` is a bcrypt hash, `{noop}x` the clear text x. */
function storedSecret(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  if (v.startsWith('{bcrypt}')) return v.slice('{bcrypt}'.length);
  if (v.startsWith('{noop}')) return v.slice('{noop}'.length) || null;
  return v;
}

function json(v: unknown): Record<string, unknown> {
  if (typeof v !== 'string' || !v.trim()) return {};
  try {
    const parsed = JSON.parse(v);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

async function attributesOf(tx: Queryable, schema: MpSchema, table: string): Promise<Map<number, Attributes>> {
  const byId = new Map<number, Attributes>();
  if (!schema.has(table)) return byId;
  const rows = await tx.query<R>(`SELECT id, attribute_key, attribute_value FROM ${table}`);
  for (const r of rows) {
    const id = Number(r.id);
    let attributes = byId.get(id);
    if (!attributes) byId.set(id, (attributes = {}));
    attributes[r.attribute_key] = r.attribute_value ?? null;
  }
  return byId;
}

export async function readMp(source: Database): Promise<MpData> {
  return source.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await tx.query("SET LOCAL TIME ZONE 'UTC'");
    const schema = await inspectSchema(tx);
    const c = (table: string, column: string, expr = column) => (schema.has(table, column) ? expr : 'NULL');

    const organizations = schema.has('radar_organization')
      ? (await tx.query<R>('SELECT id, name, description, location FROM radar_organization ORDER BY id')).map((r) => ({
          id: Number(r.id), name: r.name, description: r.description, location: r.location,
        }))
      : [];

    const projectAttributes = await attributesOf(tx, schema, 'project_metadata');
    const projectTypes = new Map<number, number[]>();
    for (const r of await tx.query<R>('SELECT projects_id, source_types_id FROM project_source_type ORDER BY source_types_id')) {
      const list = projectTypes.get(Number(r.projects_id)) ?? [];
      list.push(Number(r.source_types_id));
      projectTypes.set(Number(r.projects_id), list);
    }
    const projects = (await tx.query<R>(
      `SELECT id, project_name, description, location, ${ts('start_date')} AS start_date, ${ts('end_date')} AS end_date,
              project_status, ${c('project', 'organization_id')} AS organization_id, ${c('project', 'jhi_organization')} AS organization_name
         FROM project ORDER BY id`,
    )).map((r) => ({
      id: Number(r.id), name: r.project_name, description: r.description, location: r.location,
      startDate: r.start_date, endDate: r.end_date, status: r.project_status,
      organizationId: num(r.organization_id), organizationName: r.organization_name,
      attributes: projectAttributes.get(Number(r.id)) ?? {}, sourceTypeIds: projectTypes.get(Number(r.id)) ?? [],
    }));

    const groups = schema.has('radar_group')
      ? (await tx.query<R>('SELECT id, project_id, name FROM radar_group ORDER BY id')).map((r) => ({
          id: Number(r.id), projectId: Number(r.project_id), name: r.name,
        }))
      : [];

    const sourceTypes = (await tx.query<R>(
      `SELECT id, producer, model, catalog_version, source_type_scope, app_provider, ${c('source_type', 'assessment_type')} AS assessment_type,
              ${c('source_type', 'name')} AS name, ${c('source_type', 'description')} AS description,
              ${c('source_type', 'dynamic_registration')} AS dynamic_registration
         FROM source_type ORDER BY id`,
    )).map((r) => ({
      id: Number(r.id), producer: r.producer, model: r.model, catalogVersion: r.catalog_version, scope: r.source_type_scope,
      appProvider: r.app_provider, assessmentType: r.assessment_type, name: r.name, description: r.description,
      dynamicRegistration: r.dynamic_registration === true,
    }));

    const sourceData = (await tx.query<R>(
      `SELECT id, source_type_id, source_data_type, source_data_name, frequency, unit, ${c('source_data', 'processing_state')} AS processing_state,
              data_class, key_schema, value_schema, topic, provider, enabled
         FROM source_data ORDER BY id`,
    )).map((r) => ({
      id: Number(r.id), sourceTypeId: num(r.source_type_id), type: r.source_data_type, name: r.source_data_name,
      frequency: r.frequency, unit: r.unit, processingState: r.processing_state, dataClass: r.data_class,
      keySchema: r.key_schema, valueSchema: r.value_schema, topic: r.topic, provider: r.provider, enabled: r.enabled !== false,
    }));

    const rolesByUser = new Map<number, MpRole[]>();
    for (const r of await tx.query<R>(
      `SELECT ru.users_id, r.authority_name, r.project_id, ${c('radar_role', 'organization_id', 'r.organization_id')} AS organization_id
         FROM role_users ru JOIN radar_role r ON r.id = ru.roles_id ORDER BY ru.users_id, r.id`,
    )) {
      const list = rolesByUser.get(Number(r.users_id)) ?? [];
      list.push({ authority: r.authority_name, projectId: num(r.project_id), organizationId: num(r.organization_id) });
      rolesByUser.set(Number(r.users_id), list);
    }
    // Provenance from the Envers history (envers.ts): a subject's user takes the subject's history too, since
    // ManagementPortal writes both rows in one revision and audits later changes on either.
    const userHistory = await readProvenance(tx, schema, 'radar_user_aud');
    const subjectHistory = await readProvenance(tx, schema, 'subject_aud');
    const subjectOfUser = new Map<number, number>();
    for (const r of await tx.query<R>('SELECT id, user_id FROM subject')) subjectOfUser.set(Number(r.user_id), Number(r.id));
    const users = (await tx.query<R>(
      `SELECT id, login, password_hash, first_name, last_name, email, activated, lang_key, activation_key, reset_key,
              ${ts('reset_date')} AS reset_date, ${c('radar_user', 'identity')} AS identity
         FROM radar_user ORDER BY id`,
    )).map((r) => {
      const id = Number(r.id);
      const subjectId = subjectOfUser.get(id);
      const history = mergeProvenance(userHistory.get(id), subjectId === undefined ? undefined : subjectHistory.get(subjectId));
      return {
        id, login: String(r.login).toLowerCase(), passwordHash: storedSecret(r.password_hash), firstName: r.first_name,
        lastName: r.last_name, email: r.email, activated: r.activated === true, langKey: r.lang_key,
        activationKey: r.activation_key, resetKey: r.reset_key, resetDate: r.reset_date, identity: r.identity,
        createdBy: history?.createdBy ?? null, createdDate: history?.createdDate ?? null,
        lastModifiedBy: history?.lastModifiedBy ?? null, lastModifiedDate: history?.lastModifiedDate ?? null,
        roles: rolesByUser.get(id) ?? [],
      };
    });

    const subjectAttributes = await attributesOf(tx, schema, 'subject_metadata');
    const subjects = (await tx.query<R>(
      `SELECT id, user_id, external_link, external_id, removed, ${c('subject', 'group_id')} AS group_id,
              ${c('subject', 'date_of_birth', "to_char(date_of_birth, 'YYYY-MM-DD')")} AS date_of_birth,
              ${c('subject', 'person_name')} AS person_name, ${c('subject', 'enrollment_date', ts('enrollment_date'))} AS enrollment_date
         FROM subject ORDER BY id`,
    )).map((r) => ({
      id: Number(r.id), userId: Number(r.user_id), externalLink: r.external_link, externalId: r.external_id,
      removed: r.removed === true, groupId: num(r.group_id), dateOfBirth: r.date_of_birth, personName: r.person_name,
      enrollmentDate: r.enrollment_date, attributes: subjectAttributes.get(Number(r.id)) ?? {},
      history: subjectHistory.get(Number(r.id)),
    }));

    const sourceAttributes = await attributesOf(tx, schema, 'source_metadata');
    const sources = (await tx.query<R>(
      `SELECT id, source_id::text AS source_id, source_name, expected_source_name, assigned,
              ${c('radar_source', 'deleted')} AS deleted, source_type_id, project_id, ${c('radar_source', 'subject_id')} AS subject_id
         FROM radar_source ORDER BY id`,
    )).map((r) => ({
      id: Number(r.id), sourceId: r.source_id, name: r.source_name, expectedName: r.expected_source_name,
      assigned: r.assigned === true, deleted: r.deleted === true, sourceTypeId: num(r.source_type_id),
      projectId: num(r.project_id), subjectId: num(r.subject_id), attributes: sourceAttributes.get(Number(r.id)) ?? {},
    }));

    const clients: MpClient[] = (await tx.query<R>('SELECT * FROM oauth_client_details ORDER BY client_id')).map((r) => ({
      clientId: r.client_id, secret: storedSecret(r.client_secret), scopes: list(r.scope), resourceIds: list(r.resource_ids),
      grantTypes: list(r.authorized_grant_types), redirectUris: list(r.web_server_redirect_uri), authorities: list(r.authorities),
      autoApprove: list(r.autoapprove), accessTokenValidity: num(r.access_token_validity),
      refreshTokenValidity: num(r.refresh_token_validity), additionalInformation: json(r.additional_information),
    }));

    const metaTokens: MpMetaToken[] = schema.has('radar_meta_token')
      ? (await tx.query<R>(
          `SELECT id, token_name, fetched, ${c('radar_meta_token', 'persistent')} AS persistent, ${ts('expiry_date')} AS expiry_date,
                  expiry_date::timestamp <= now()::timestamp AS expired, ${c('radar_meta_token', 'subject_id')} AS subject_id,
                  ${c('radar_meta_token', 'client_id')} AS client_id
             FROM radar_meta_token ORDER BY id`,
        )).map((r) => {
          const persistent = r.persistent === true;
          const expired = r.expired !== false;
          return {
            id: Number(r.id), name: r.token_name, fetched: r.fetched === true, persistent, expiryDate: r.expiry_date,
            subjectId: num(r.subject_id), clientId: r.client_id, expired, valid: !expired && (persistent || r.fetched !== true),
          };
        })
      : [];

    return {
      features: schema.features(), organizations, projects, groups, sourceTypes, sourceData, users, subjects, sources, clients, metaTokens,
    };
  });
}
