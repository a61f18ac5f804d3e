// The record of processing activities as GET api/privacy/processing-record answers it (docs/privacy.md, "Art. 30:
// record of processing activities"). The texts are the record's own (a project's privacy information as its admins
// wrote it, or the portal's defaults, and the portal's categories and measures): the screen labels them, it does not
// translate them, as the JSON download carries them.
export const PROCESSING_TEXT_FIELDS = ['controller', 'purposes', 'legalBasis', 'recipients', 'retention', 'dataSource', 'rights'] as const;
export type ProcessingTextField = (typeof PROCESSING_TEXT_FIELDS)[number];

export type ProcessingActivity = Record<ProcessingTextField, string> & {
  project: string;
  organization: string | null;
  categoriesOfDataSubjects: string;
  categoriesOfPersonalData: string[];
  subjects: number;
};

export interface ProcessingRecord {
  generatedAt: string;
  activities: ProcessingActivity[];
  auditRetention: { allEventsDays: number | null; byType: Record<string, number>; personalFieldsDays: number | null };
  technicalMeasures: string[];
}

export const PROCESSING_RECORD_PATH = 'api/privacy/processing-record';
