// A project's privacy information (docs/privacy.md, "Project privacy information"): what GDPR Art. 13/15(1) require a
// participant be told (purposes, legal basis, recipients, retention, where the data came from, the person's rights)
// and who the controller is. A project admin sets it (PUT api/projects/{p}/privacy); every field left unset answers
// the default below, which docs/privacy.md lists too. The subject access export and the Art. 30 record show it.
import { PRIVACY_FIELDS, type PrivacyField, type ProjectPrivacy } from '../../common/privacy';
import type { Queryable } from '../db/database';

export { PRIVACY_FIELDS, type PrivacyField, type ProjectPrivacy };
export const PRIVACY_TEXT_MAX = 4000;

const COLUMN: Record<PrivacyField, string> = {
  controller: 'controller', purposes: 'purposes', legalBasis: 'legal_basis', recipients: 'recipients',
  retention: 'retention', dataSource: 'data_source', rights: 'rights',
};

/** What a project that set nothing says (docs/privacy.md lists the same). */
export const PRIVACY_DEFAULTS: ProjectPrivacy = {
  controller: 'The organization that runs the project (see the project\'s organization).',
  purposes: 'Scientific research as described in the project\'s study protocol.',
  legalBasis: 'Explicit consent (GDPR Art. 6(1)(a) and Art. 9(2)(a)), unless the study protocol names another basis.',
  recipients: 'The project\'s research staff. Data exported from the portal go only to recipients the study protocol names.',
  retention: 'As long as the study protocol requires; the portal keeps a subject\'s data until staff delete or erase it.',
  dataSource: 'Entered by the project\'s staff, and registered by the participant\'s app (devices, pairing, last contact).',
  rights: 'Access (Art. 15), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18), data portability (Art. 20), objection (Art. 21), and a complaint to a supervisory authority (Art. 77). Ask the project\'s staff.',
};

export interface StoredPrivacy {
  /** Each field as set, null when unset (the default applies). */
  settings: Record<PrivacyField, string | null>;
  /** What applies: the setting, else the default. */
  effective: ProjectPrivacy;
  updatedBy: string | null;
  updatedAt: string | null;
}

type Row = Record<string, string | null> & { updated_at: Date | string | null };

function toStored(row: Row | undefined): StoredPrivacy {
  const settings = Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, row?.[COLUMN[f]] ?? null])) as Record<PrivacyField, string | null>;
  const effective = Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, settings[f] ?? PRIVACY_DEFAULTS[f]])) as unknown as ProjectPrivacy;
  return { settings, effective, updatedBy: row?.updated_by ?? null, updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null };
}

/** The privacy information of the projects named (by name); a project without settings answers the defaults. */
export async function privacyOfProjects(q: Queryable, projectNames: readonly string[]): Promise<Map<string, StoredPrivacy>> {
  const rows = projectNames.length
    ? await q.query<Row & { project_name: string }>(
      `SELECT p.project_name, pp.* FROM project p LEFT JOIN project_privacy pp ON pp.project_id = p.id WHERE p.project_name = ANY($1::text[])`,
      [[...projectNames]])
    : [];
  const byName = new Map(rows.map((r) => [r.project_name, r]));
  return new Map(projectNames.map((name) => [name, toStored(byName.get(name)?.project_id != null ? byName.get(name) : undefined)]));
}

export async function privacyOfProject(q: Queryable, projectName: string): Promise<StoredPrivacy> {
  return (await privacyOfProjects(q, [projectName])).get(projectName)!;
}

/** Stores the given fields (null or empty: back to the default); answers the result. */
export async function savePrivacy(q: Queryable, projectId: number, input: Partial<Record<PrivacyField, string | null>>, by: string): Promise<void> {
  const values = PRIVACY_FIELDS.map((f) => {
    const v = input[f];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  });
  const cols = PRIVACY_FIELDS.map((f) => COLUMN[f]);
  await q.query(
    `INSERT INTO project_privacy (project_id, ${cols.join(', ')}, updated_by, updated_at)
     VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}, $${cols.length + 2}, now())
     ON CONFLICT (project_id) DO UPDATE SET ${cols.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_by = excluded.updated_by, updated_at = now()`,
    [projectId, ...values, by.slice(0, 255)]);
}
