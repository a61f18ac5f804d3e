// Field rules per DTO: ManagementPortal's bean-validation constraints, plus the column widths (so an over-long value
// is a 400 and not a database error), plus the rules of the client's forms; one set serves both sides.
// Conditional rules (a new OAuth client's secret, a role's project or organization) stay with their form.
import { NAME_PATTERN } from './name-pattern';
import type { RuleSet } from './rule-set';

/** `ENTITY.OPERATION`, the format of an OAuth client scope. */
export const SCOPE_PATTERN = /^[A-Za-z_]+\.[A-Za-z_]+$/;

const name = (maxLength: number, minLength?: number) => ({ required: true, pattern: NAME_PATTERN, minLength, maxLength });
const requiredText = (maxLength = 255) => ({ required: true, maxLength });
const text = (maxLength = 255) => ({ maxLength });

/** User dialog and POST/PUT api/users (ManagedUserVM). */
export const USER_RULES: RuleSet = {
  objectName: 'managedUserVM',
  fields: {
    login: name(50, 1),
    identity: { pattern: NAME_PATTERN, minLength: 36, maxLength: 36 },
    firstName: text(50),
    lastName: text(50),
    email: { required: true, email: true, minLength: 5, maxLength: 100 },
    langKey: { minLength: 2, maxLength: 5 },
  },
};

/** Settings form and POST api/account. */
export const ACCOUNT_RULES: RuleSet = {
  objectName: 'userDTO',
  fields: {
    login: name(50, 1),
    firstName: { required: true, minLength: 1, maxLength: 50 },
    lastName: { required: true, minLength: 1, maxLength: 50 },
    email: { required: true, email: true, minLength: 5, maxLength: 100 },
    langKey: { minLength: 2, maxLength: 5 },
  },
};

export const ORGANIZATION_RULES: RuleSet = {
  objectName: 'organizationDTO',
  fields: { name: name(255), description: requiredText(), location: requiredText() },
};

export const PROJECT_RULES: RuleSet = {
  objectName: 'projectDTO',
  fields: {
    projectName: name(255),
    humanReadableProjectName: text(),
    description: requiredText(),
    location: requiredText(),
    organizationName: text(),
  },
};

export const GROUP_RULES: RuleSet = {
  objectName: 'groupDTO',
  fields: { name: name(50, 1) },
};

/**
 * Attributes one subject may hold (issue #34): keys and values are at most 255 characters each (the columns of
 * subject_metadata, as in ManagementPortal, which set no count); 100 is far beyond what a study records per
 * participant and keeps a project's export and a subject's DTO a bounded size.
 */
export const MAX_SUBJECT_ATTRIBUTES = 100;

/** Subject dialog: the project is required (the server answers a missing one with EX `projectrequired`). */
export const SUBJECT_RULES: RuleSet = {
  objectName: 'subjectDTO',
  fields: {
    login: { pattern: NAME_PATTERN, minLength: 1, maxLength: 50 },
    project: { required: true },
    externalId: text(),
    externalLink: text(),
    personName: text(),
  },
};

export const SOURCE_RULES: RuleSet = {
  objectName: 'sourceDTO',
  fields: {
    sourceName: name(255),
    expectedSourceName: text(),
    assigned: { required: true },
    sourceType: { required: true },
    project: { required: true },
  },
};

export const SOURCE_TYPE_RULES: RuleSet = {
  objectName: 'sourceTypeDTO',
  fields: {
    producer: name(255),
    model: name(255),
    catalogVersion: name(255),
    sourceTypeScope: requiredText(),
    name: text(),
    description: text(),
    assessmentType: text(500),
    appProvider: text(500),
  },
};

/** The server fills a missing sourceDataType from topic before validating (docs/catalogue.md). */
export const SOURCE_DATA_RULES: RuleSet = {
  objectName: 'sourceDataDTO',
  fields: {
    sourceDataType: requiredText(),
    sourceDataName: name(255),
    frequency: text(),
    unit: text(),
    processingState: text(),
    dataClass: text(),
    keySchema: text(),
    valueSchema: text(),
    topic: text(),
    provider: text(),
  },
};

/** OAuth client form on the parsed DTO: lists already split on commas and trimmed. */
export const OAUTH_CLIENT_RULES: RuleSet = {
  objectName: 'clientDetailsDTO',
  fields: {
    clientId: name(255),
    scope: { required: true, pattern: SCOPE_PATTERN },
    resourceIds: { required: true },
    accessTokenValiditySeconds: { required: true, digits: true },
    refreshTokenValiditySeconds: { required: true, digits: true },
  },
};
