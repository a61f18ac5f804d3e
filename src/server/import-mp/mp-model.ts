// What the importer reads from a ManagementPortal database, one record type per entity, with ManagementPortal's own
// ids. Timestamps are ISO-8601 text in UTC, dates 'yyyy-mm-dd', so values compare as plain strings.
import type { EnversProvenance } from './envers';

export type Attributes = Record<string, string | null>;

export interface MpOrganization {
  id: number;
  name: string;
  description: string | null;
  location: string | null;
}

export interface MpProject {
  id: number;
  name: string;
  description: string | null;
  location: string | null;
  startDate: string | null;
  endDate: string | null;
  status: string | null;
  organizationId: number | null;
  /** The free-text organization of projects from before organizations were entities. */
  organizationName: string | null;
  attributes: Attributes;
  sourceTypeIds: number[];
}

export interface MpGroup {
  id: number;
  projectId: number;
  name: string;
}

export interface MpSourceType {
  id: number;
  producer: string | null;
  model: string;
  catalogVersion: string;
  scope: string;
  appProvider: string | null;
  assessmentType: string | null;
  name: string | null;
  description: string | null;
  dynamicRegistration: boolean;
}

export interface MpSourceData {
  id: number;
  sourceTypeId: number | null;
  type: string;
  name: string;
  frequency: string | null;
  unit: string | null;
  processingState: string | null;
  dataClass: string | null;
  keySchema: string | null;
  valueSchema: string | null;
  topic: string | null;
  provider: string | null;
  enabled: boolean;
}

export interface MpRole {
  authority: string;
  projectId: number | null;
  organizationId: number | null;
}

export interface MpUser {
  id: number;
  login: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  activated: boolean;
  langKey: string | null;
  activationKey: string | null;
  resetKey: string | null;
  resetDate: string | null;
  identity: string | null;
  createdBy: string | null;
  createdDate: string | null;
  lastModifiedBy: string | null;
  lastModifiedDate: string | null;
  roles: MpRole[];
}

export interface MpSubject {
  id: number;
  userId: number;
  externalLink: string | null;
  externalId: string | null;
  removed: boolean;
  groupId: number | null;
  dateOfBirth: string | null;
  personName: string | null;
  enrollmentDate: string | null;
  attributes: Attributes;
  /** The subject's own Envers history (subject_aud), as ManagementPortal's subject API showed it. */
  history?: EnversProvenance;
}

export interface MpSource {
  id: number;
  sourceId: string;
  name: string;
  expectedName: string | null;
  assigned: boolean;
  deleted: boolean;
  sourceTypeId: number | null;
  projectId: number | null;
  subjectId: number | null;
  attributes: Attributes;
}

export interface MpClient {
  clientId: string;
  secret: string | null;
  scopes: string[];
  resourceIds: string[];
  grantTypes: string[];
  redirectUris: string[];
  authorities: string[];
  autoApprove: string[];
  accessTokenValidity: number | null;
  refreshTokenValidity: number | null;
  additionalInformation: Record<string, unknown>;
}

export interface MpMetaToken {
  id: number;
  name: string;
  fetched: boolean;
  persistent: boolean;
  expiryDate: string;
  subjectId: number | null;
  clientId: string;
  /** Still usable: not expired, and not fetched unless persistent (ManagementPortal's own rule). */
  valid: boolean;
  expired: boolean;
}

export interface MpData {
  /** Which optional parts of the schema the database has (they tell the ManagementPortal version). */
  features: string[];
  organizations: MpOrganization[];
  projects: MpProject[];
  groups: MpGroup[];
  sourceTypes: MpSourceType[];
  sourceData: MpSourceData[];
  users: MpUser[];
  subjects: MpSubject[];
  sources: MpSource[];
  clients: MpClient[];
  metaTokens: MpMetaToken[];
}
