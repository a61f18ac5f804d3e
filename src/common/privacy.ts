// The shapes of a project's privacy information and of the record of processing activities (docs/privacy.md), as
// the server writes them (server/privacy/) and the client shows them (features/project/project-privacy.tsx,
// features/privacy/).

/** What a participant is told about the processing of its data (GDPR Art. 13 and 15(1)), field by field. */
export const PRIVACY_FIELDS = ['controller', 'purposes', 'legalBasis', 'recipients', 'retention', 'dataSource', 'rights'] as const;
export type PrivacyField = (typeof PRIVACY_FIELDS)[number];
export type ProjectPrivacy = Record<PrivacyField, string>;

/** One project's entry of the record of processing activities (GDPR Art. 30). */
export interface ProcessingActivity extends ProjectPrivacy {
  project: string;
  organization: string | null;
  categoriesOfDataSubjects: string;
  categoriesOfPersonalData: string[];
  subjects: number;
}

export interface ProcessingRecord {
  generatedAt: string;
  activities: ProcessingActivity[];
  auditRetention: { allEventsDays: number | null; byType: Record<string, number>; personalFieldsDays: number | null };
  technicalMeasures: string[];
}
