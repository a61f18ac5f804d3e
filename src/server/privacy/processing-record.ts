// The record of processing activities (GDPR Art. 30; docs/privacy.md, "Record of processing activities"), written
// from the portal's own settings: one activity per project (its privacy information, project-privacy.ts, with the
// categories of data the portal stores for its subjects, hidden fields left out, and how many subjects it holds), and
// the portal-wide facts an Art. 30(1)(f)/(g) entry needs: the audit retention and the technical measures in force.
// What the portal cannot know (the controller's representative, the DPO's contact, transfers outside the portal)
// stays in the project's texts, which a project admin writes.
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { ProcessingRecord } from '../../common/privacy';
import { privacyOfProjects } from './project-privacy';

/** The personal data the portal stores about a subject, by the HIDDEN_SUBJECT_FIELDS setting that leaves it out. */
const SUBJECT_DATA: [string, string | undefined][] = [
  ['login and external id (pseudonyms)', undefined],
  ['person name', 'person_name'],
  ['date of birth', 'date_of_birth'],
  ['external link', undefined],
  ['group', 'group'],
  ['enrollment date', undefined],
  ['attributes set by staff', undefined],
  ['e-mail address and names of the subject\'s account (imported from ManagementPortal)', undefined],
  ['devices registered by the app (source names and attributes)', undefined],
  ['pairing and last contact of the app', undefined],
  ['who viewed or exported the subject\'s data (audit log)', undefined],
  ['network addresses of the app\'s sign-ins and pairings (audit log)', undefined],
];

export async function processingRecord(db: Queryable, config: Pick<Config, 'hiddenSubjectFields' | 'auditRetentionDays' | 'auditRetentionByType' | 'auditPersonalDataDays' | 'requireTwoFactor'>): Promise<ProcessingRecord> {
  const projects = await db.query<{ project_name: string; organization: string | null; subjects: number }>(
    `SELECT p.project_name, o.name AS organization, (SELECT count(*)::int FROM subject s WHERE s.project_id = p.id) AS subjects
       FROM project p LEFT JOIN radar_organization o ON o.id = p.organization_id ORDER BY p.project_name`);
  const privacy = await privacyOfProjects(db, projects.map((p) => p.project_name));
  const data = SUBJECT_DATA.filter(([, setting]) => setting === undefined || !config.hiddenSubjectFields.includes(setting)).map(([name]) => name);
  return {
    generatedAt: new Date().toISOString(),
    activities: projects.map((p) => ({
      project: p.project_name,
      organization: p.organization,
      ...privacy.get(p.project_name)!.effective,
      categoriesOfDataSubjects: 'Participants of the project (subjects)',
      categoriesOfPersonalData: data,
      subjects: Number(p.subjects),
    })),
    auditRetention: {
      allEventsDays: config.auditRetentionDays ?? null,
      byType: config.auditRetentionByType,
      personalFieldsDays: config.auditPersonalDataDays ?? null,
    },
    technicalMeasures: [
      'Access by role and project, checked on the server for every request (docs/permissions.md)',
      `Second sign-in factor required for: ${config.requireTwoFactor}`,
      'Passwords stored as scrypt hashes; tokens signed; sessions and tokens revocable',
      'Every read of one participant\'s data and every export recorded in the audit log',
      'Erasure (Art. 17) and restriction of processing (Art. 18) per subject',
      'Encryption in transit and at rest: by the deployment (TLS in front of the portal, the database\'s storage); see docs/privacy.md',
    ],
  };
}
