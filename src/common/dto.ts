// Wire shapes of the API (docs/api-conventions.md), as ManagementPortal's clients expect them: field names,
// optionality and enum values are binding. "Omit-null" types leave null fields out; the others include them.
// Conventions: `?` = the key may be absent; `| null` = the key may carry null. Classes marked
// "omit-null" use `?:` without null on output; "nulls included" classes use `: T | null`. Dates are ISO-8601 strings.

/** Enum values as runtime arrays (for parsing and select options) plus their union types. */
export const PROJECT_STATUSES = ['PLANNING', 'ONGOING', 'ENDED'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const SUBJECT_STATUSES = ['DEACTIVATED', 'ACTIVATED', 'DISCONTINUED', 'INVALID'] as const;
export type SubjectStatus = (typeof SUBJECT_STATUSES)[number];

/** Conventional values; the server stores any string . */
export const PROCESSING_STATES = ['RAW', 'DERIVED', 'VENDOR', 'RADAR', 'UNKNOWN'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** Conventional values; the server stores any string . */
export const SOURCE_TYPE_SCOPES = ['ACTIVE', 'PASSIVE', 'MONITOR', 'CONNECTOR'] as const;
export type SourceTypeScope = (typeof SOURCE_TYPE_SCOPES)[number];

export const AUTHORITY_SCOPES = ['GLOBAL', 'ORGANIZATION', 'PROJECT'] as const;
export type AuthorityScope = (typeof AUTHORITY_SCOPES)[number];

/** Subject fields site settings may hide . */
export const HIDDEN_SUBJECT_FIELDS = ['person_name', 'date_of_birth', 'group'] as const;
export type HiddenSubjectField = (typeof HIDDEN_SUBJECT_FIELDS)[number];

export const REVISION_TYPES = ['ADD', 'MOD', 'DEL'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/** Project/subject/source metadata: plain JSON object with string values. */
export type Attributes = Record<string, string>;

/** A user account; also the body of GET api/account. ManagedUserVM adds `password` (accepted, ignored). */
export interface UserDTO {
  id?: number | null;
  login: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  activated: boolean;
  langKey?: string | null;
  createdBy?: string | null;
  createdDate?: string | null;
  lastModifiedBy?: string | null;
  lastModifiedDate?: string | null;
  roles?: RoleDTO[] | null;
  authorities?: string[] | null;
  accessToken?: string | null;
  identity?: string | null;
}

export interface ManagedUserVM extends UserDTO {
  password?: string | null;
}

/** Omit-null. */
export interface RoleDTO {
  id?: number;
  organizationId?: number;
  organizationName?: string;
  projectId?: number;
  projectName?: string;
  authorityName: string;
}

export interface AuthorityDTO {
  name: string;
  scope: AuthorityScope;
}

/** Omit-null. `projects` holds reduced ProjectDTOs and is always present on output. */
export interface OrganizationDTO {
  id?: number;
  name: string;
  description: string;
  location: string;
  projects: ProjectDTO[];
}

/** Omit-null. The reduced form lacks organization, sourceTypes and persistentTokenTimeout. */
export interface ProjectDTO {
  id?: number;
  projectName: string;
  humanReadableProjectName?: string;
  description: string;
  organization?: OrganizationDTO;
  organizationName?: string;
  location: string;
  startDate?: string;
  endDate?: string;
  projectStatus?: ProjectStatus;
  sourceTypes?: SourceTypeDTO[];
  attributes?: Attributes;
  groups?: GroupDTO[];
  /** Persistent meta-token lifetime in ms; absent when persistent tokens are disabled. */
  persistentTokenTimeout?: number;
}

/** Nulls included. */
export interface MinimalProjectDetailsDTO {
  id: number | null;
  projectName: string | null;
}

/** Omit-null; `sourceTypes` is left out when empty. GET api/public/projects, readable without signing in. */
export interface PublicProjectDTO {
  projectName: string;
  description?: string;
  sourceTypes?: MinimalSourceTypeDTO[];
}

/** Omit-null. */
export interface GroupDTO {
  id?: number;
  projectId?: number;
  name: string;
}

/** Provenance fields are omitted when null; `project` is omitted in lists. */
export interface SubjectDTO {
  id?: number | null;
  login: string;
  externalLink?: string | null;
  externalId?: string | null;
  status: SubjectStatus;
  createdBy?: string;
  createdDate?: string;
  lastModifiedBy?: string;
  lastModifiedDate?: string;
  project?: ProjectDTO;
  /** Group name. */
  group?: string | null;
  /** LocalDate `yyyy-MM-dd`. */
  dateOfBirth?: string | null;
  enrollmentDate?: string | null;
  /** Last contact of the participant's app (ISO-8601 instant); null: never paired (docs/subjects.md, "Activity"). */
  lastSeen?: string | null;
  personName?: string | null;
  roles: RoleDTO[];
  sources: MinimalSourceDetailsDTO[];
  attributes: Attributes;
  /**
   * Only on a subject that left the listed project for one the caller may not read (docs/permissions.md, "A subject
   * that left"): when it left (ISO-8601 instant; null when its history does not say). Every personal field is absent.
   */
  leftDate?: string | null;
}

/** Nulls included. */
export interface MinimalSourceDetailsDTO {
  id: number | null;
  sourceTypeId: number | null;
  sourceTypeProducer: string | null;
  sourceTypeModel: string | null;
  sourceTypeCatalogVersion: string | null;
  expectedSourceName: string | null;
  sourceId: string | null;
  sourceName: string | null;
  assigned: boolean | null;
  /** Last registration of the source by the app (ISO-8601 instant); in subject answers only. */
  lastSeen?: string | null;
  attributes: Attributes;
}

/** Nulls included except `project`. */
export interface SourceDTO {
  id: number | null;
  sourceId: string | null;
  sourceName: string;
  expectedSourceName: string | null;
  assigned: boolean;
  sourceType: SourceTypeDTO;
  subjectLogin: string | null;
  project?: MinimalProjectDetailsDTO;
  attributes: Attributes | null;
}

/** Omit-null. Reduced form: id, producer, model, catalogVersion, sourceTypeScope, canRegisterDynamically, name. */
export interface SourceTypeDTO {
  id?: number;
  producer: string;
  model: string;
  catalogVersion: string;
  /** Conventionally a SourceTypeScope, but any string is stored. */
  sourceTypeScope: string;
  canRegisterDynamically: boolean;
  name?: string;
  description?: string;
  assessmentType?: string;
  appProvider?: string;
  sourceData?: SourceDataDTO[];
  /** Not in ManagementPortal: which projects use the type, on the full answers of GET only (docs/catalogue.md). */
  usage?: SourceTypeUsageDTO;
}

/** The projects using a source type, as far as the caller may see them (docs/catalogue.md). */
export interface SourceTypeUsageDTO {
  /** Every project using the type, seen or not. */
  projectCount: number;
  /** The using projects the caller may read (PROJECT.READ reaches them), by name. */
  projects: UsingProjectDTO[];
}

/** Omit-null. */
export interface UsingProjectDTO {
  projectName: string;
  organizationName?: string | null;
}

export interface MinimalSourceTypeDTO {
  id: number;
  model: string | null;
  producer: string | null;
  catalogVersion: string | null;
}

/** Nulls included except `sourceType`. */
export interface SourceDataDTO {
  id: number | null;
  sourceDataType: string | null;
  sourceDataName: string | null;
  frequency: string | null;
  unit: string | null;
  /** Conventionally a ProcessingState, but any string is stored. */
  processingState: string | null;
  dataClass: string | null;
  keySchema: string | null;
  valueSchema: string | null;
  topic: string | null;
  provider: string | null;
  enabled: boolean;
  sourceType?: MinimalSourceTypeDTO;
}

/** Nulls included. `clientSecret` is write-only: always null in responses. */
export interface ClientDetailsDTO {
  clientId: string;
  clientSecret: string | null;
  scope: string[];
  resourceIds: string[];
  authorizedGrantTypes: string[];
  autoApproveScopes: string[];
  accessTokenValiditySeconds: number | null;
  refreshTokenValiditySeconds: number | null;
  authorities: string[];
  registeredRedirectUri: string[];
  /** String values, e.g. `{"dynamic_registration": "true"}`, `{"protected": "true"}`. */
  additionalInformation: Record<string, string>;
}

/** Pairing (docs/oauth.md). */
export interface ClientPairInfoDTO {
  tokenName: string;
  tokenUrl: string;
  baseUrl: string;
  /** Milliseconds. */
  timeout: number;
  timesOutAt: string;
}

/** One subject's card on a pairing sheet: its pairing link, made for the chosen app. */
export interface PairingSheetEntry {
  login: string;
  externalId: string | null;
  tokenName: string;
  tokenUrl: string;
  timesOutAt: string;
}

export interface TokenDTO {
  refreshToken: string;
  baseUrl: string;
  privacyPolicyUrl: string;
}

/** Entity kinds in RevisionInfoDTO.changes (DTO class name without `DTO`, lower-cased). */
export type RevisionEntityKind =
  | 'subject'
  | 'project'
  | 'source'
  | 'sourcetype'
  | 'sourcedata'
  | 'user'
  | 'role'
  | 'organization';

/** All three revision-type keys are present (`{}` when nothing changed). */
export interface RevisionInfoDTO {
  id: number;
  /** `yyyy-MM-dd'T'HH:mm:ss.SSS+00:00` */
  timestamp: string;
  author: string;
  changes: Record<RevisionType, Partial<Record<RevisionEntityKind, unknown[]>>>;
}

export interface RevisionDTO<T = unknown> {
  id: number;
  timestamp: string;
  author: string;
  entity: T;
  revisionType: RevisionType;
}

/** Empty fields are omitted. */
export interface AuditEvent {
  timestamp?: string;
  principal?: string;
  type?: string;
  data?: Record<string, string>;
}

export interface SiteSettings {
  hiddenSubjectFields: string[];
}

export interface ProfileInfo {
  activeProfiles: string[];
}

export interface LoggerVM {
  name: string;
  level: string;
}

export interface KeyAndPasswordVM {
  key: string;
  newPassword: string;
}

export interface GroupPatchOperation {
  op: 'add' | 'remove';
  value: { id?: number; login?: string }[];
}

/** ErrorVM (docs/api-conventions.md, "Errors"). */
export interface FieldErrorVM {
  objectName: string;
  field: string;
  /** `"<ConstraintCode>: <default message>"`, e.g. `NotNull: must not be null`. */
  message: string;
}

export interface ErrorVM {
  message: string | null;
  description: string | null;
  fieldErrors: FieldErrorVM[] | null;
}

/** The "parameterized" error body (RadarWebApplicationExceptionVM; docs/api-conventions.md). */
export interface ParameterizedErrorVM {
  message: string;
  entityName: string;
  errorCode: string | null;
  /** Always has `timestamp` (`yyyy-MM-dd HH:mm:ss`) plus extra string params. */
  params: Record<string, string>;
}
