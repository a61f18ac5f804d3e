// What the revision view shows of one snapshot (the entity's DTO as stored with the revision): its fields in the
// order people know from the entity's own page, each as a value the view knows how to render. Nested objects (a
// project's organization, a source's type and project, a user's roles, ...) become links to the live entity, which is
// still the right place to go for the thing referred to. Enumerated values (statuses, scopes, authorities, the
// language) are marked as such, so the view shows them as the rest of the portal does. Pure: the view renders, this
// decides.
import type { RevisionEntityKind } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';
import type { EnumName } from './revision-enum-label';
import { roleOf, text, type RoleRef, type Snapshot } from './revision-links';

export interface FieldLink {
  text: string;
  /** Null when the nested object lacks what the path needs. */
  to: string | null;
  /** A role, shown by its name in the interface language (`text` is its wire form). */
  role?: RoleRef;
}

export type FieldValue =
  | { type: 'text'; text: string }
  | { type: 'date'; value: string }
  | { type: 'dateTime'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'duration'; ms: number }
  /** A value of one of the DTOs' enumerations, shown in the interface language (revision-enum-label.ts). */
  | { type: 'enum'; name: EnumName; value: string }
  | { type: 'links'; items: FieldLink[] }
  | { type: 'attributes'; entries: [string, string][] };

export interface EntityField {
  /** The DTO field; its label is `managementPortalApp.revision.field.<name>`. */
  name: string;
  /** Undefined when the snapshot has no value for it. */
  value: FieldValue | undefined;
}

type Reader = (s: Snapshot) => FieldValue | undefined;

const object = (value: unknown): Snapshot => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : undefined);
const list = (value: unknown): Snapshot[] => (Array.isArray(value) ? value.map(object).filter((item) => item !== undefined) : []);
const path = (...parts: (string | undefined)[]) => (parts.every((p) => p !== undefined) ? pathOf(...(parts as string[])) : null);

const str = (field: string): Reader => (s) => {
  const value = text(s, field);
  return value === undefined ? undefined : { type: 'text', text: value };
};
const date = (field: string, type: 'date' | 'dateTime' = 'dateTime'): Reader => (s) => {
  const value = text(s, field);
  return value === undefined ? undefined : { type, value };
};
const enumerated = (field: string, name: EnumName): Reader => (s) => {
  const value = text(s, field);
  return value === undefined ? undefined : { type: 'enum', name, value };
};
const bool = (field: string): Reader => (s) => (typeof s?.[field] === 'boolean' ? { type: 'boolean', value: s[field] as boolean } : undefined);
const links = (items: FieldLink[]): FieldValue | undefined => (items.length ? { type: 'links', items } : undefined);
const link = (label: string | undefined, to: string | null): FieldValue | undefined => (label === undefined ? undefined : links([{ text: label, to }]));

function attributes(s: Snapshot): FieldValue | undefined {
  const entries = Object.entries(object(s?.attributes) ?? {}).map(([key, value]): [string, string] => [key, value == null ? '' : String(value)]);
  return entries.length ? { type: 'attributes', entries } : undefined;
}

/** A source type (full, reduced or minimal) as `producer model catalogVersion`, linking to its page. */
function sourceTypeLink(t: Snapshot): FieldLink | undefined {
  const [producer, model, version] = [text(t, 'producer'), text(t, 'model'), text(t, 'catalogVersion')];
  if (!producer || !model || !version) return undefined;
  return { text: `${producer} ${model} ${version}`, to: path('source-type', producer, model, version) };
}

const projectLink = (name: string | undefined) => link(name, path('project', name));
const subjectLink = (login: string | undefined) => link(login, path('subject', login));
const organizationLink = (name: string | undefined) => link(name, path('organization', name));

function roleLink(s: Snapshot): FieldLink | undefined {
  const role = roleOf(s);
  if (!role) return undefined;
  const { authorityName: authority } = role;
  const referent = role.projectName ?? role.organizationName;
  return { text: referent ? `${referent}: ${authority}` : authority, to: referent ? path('role', referent, authority) : null, role };
}

const defined = <T>(items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);

const PROVENANCE: [string, Reader][] = [
  ['createdBy', str('createdBy')],
  ['createdDate', date('createdDate')],
  ['lastModifiedBy', str('lastModifiedBy')],
  ['lastModifiedDate', date('lastModifiedDate')],
];

const FIELDS: Record<RevisionEntityKind, [string, Reader][]> = {
  project: [
    ['projectName', str('projectName')],
    ['humanReadableProjectName', str('humanReadableProjectName')],
    ['description', str('description')],
    ['organization', (s) => organizationLink(text(object(s?.organization), 'name') ?? text(s, 'organizationName'))],
    ['location', str('location')],
    ['projectStatus', enumerated('projectStatus', 'projectStatus')],
    ['startDate', date('startDate')],
    ['endDate', date('endDate')],
    ['sourceTypes', (s) => links(defined(list(s?.sourceTypes).map(sourceTypeLink)))],
    ['groups', (s) => links(defined(list(s?.groups).map((g) => text(g, 'name'))).map((name) => ({ text: name, to: null })))],
    ['attributes', attributes],
    ['persistentTokenTimeout', (s) => (typeof s?.persistentTokenTimeout === 'number' ? { type: 'duration', ms: s.persistentTokenTimeout } : undefined)],
  ],
  subject: [
    ['login', str('login')],
    ['status', enumerated('status', 'subjectStatus')],
    ['externalId', str('externalId')],
    ['externalLink', str('externalLink')],
    ['project', (s) => projectLink(text(object(s?.project), 'projectName'))],
    ['group', str('group')],
    ['personName', str('personName')],
    ['dateOfBirth', date('dateOfBirth', 'date')],
    ['enrollmentDate', date('enrollmentDate')],
    ['sources', (s) => links(defined(list(s?.sources).map((x) => text(x, 'sourceName'))).map((name) => ({ text: name, to: path('source', name) })))],
    ['attributes', attributes],
    ...PROVENANCE,
  ],
  source: [
    ['sourceName', str('sourceName')],
    ['sourceId', str('sourceId')],
    ['expectedSourceName', str('expectedSourceName')],
    ['assigned', bool('assigned')],
    ['sourceType', (s) => links(defined([sourceTypeLink(object(s?.sourceType))]))],
    ['project', (s) => projectLink(text(object(s?.project), 'projectName'))],
    ['subjectLogin', (s) => subjectLink(text(s, 'subjectLogin'))],
    ['attributes', attributes],
  ],
  sourcetype: [
    ['producer', str('producer')],
    ['model', str('model')],
    ['catalogVersion', str('catalogVersion')],
    ['name', str('name')],
    ['description', str('description')],
    ['sourceTypeScope', enumerated('sourceTypeScope', 'sourceTypeScope')],
    ['canRegisterDynamically', bool('canRegisterDynamically')],
    ['assessmentType', str('assessmentType')],
    ['appProvider', str('appProvider')],
    ['sourceData', (s) => links(defined(list(s?.sourceData).map((d) => text(d, 'sourceDataName'))).map((name) => ({ text: name, to: path('source-data', name) })))],
  ],
  sourcedata: [
    ['sourceDataName', str('sourceDataName')],
    ['sourceDataType', str('sourceDataType')],
    ['processingState', enumerated('processingState', 'processingState')],
    ['keySchema', str('keySchema')],
    ['valueSchema', str('valueSchema')],
    ['topic', str('topic')],
    ['provider', str('provider')],
    ['frequency', str('frequency')],
    ['unit', str('unit')],
    ['dataClass', str('dataClass')],
    ['enabled', bool('enabled')],
    ['sourceType', (s) => links(defined([sourceTypeLink(object(s?.sourceType))]))],
  ],
  user: [
    ['login', str('login')],
    ['firstName', str('firstName')],
    ['lastName', str('lastName')],
    ['email', str('email')],
    ['activated', bool('activated')],
    ['langKey', enumerated('langKey', 'language')],
    ['roles', (s) => links(defined(list(s?.roles).map(roleLink)))],
    ...PROVENANCE,
  ],
  role: [
    ['authorityName', enumerated('authorityName', 'authority')],
    ['projectName', (s) => projectLink(text(s, 'projectName'))],
    ['organizationName', (s) => organizationLink(text(s, 'organizationName'))],
  ],
  organization: [
    ['name', str('name')],
    ['description', str('description')],
    ['location', str('location')],
    ['projects', (s) => links(defined(list(s?.projects).map((p) => text(p, 'projectName'))).map((name) => ({ text: name, to: path('project', name) })))],
  ],
};

/** Every field named in FIELDS (their labels must be translated). */
export const FIELD_NAMES: readonly string[] = [...new Set(['id', ...Object.values(FIELDS).flatMap((fields) => fields.map(([name]) => name))])];

/**
 * The snapshot's fields: its id, then the kind's fields in order, leaving out `hidden` ones (the subject fields site
 * settings hide). An unknown kind shows its id only.
 */
export function entityFields(kind: string, s: Snapshot, hidden: ReadonlySet<string> = new Set()): EntityField[] {
  const fields = FIELDS[kind as RevisionEntityKind] ?? [];
  return [['id', str('id')] as [string, Reader], ...fields]
    .filter(([name]) => !hidden.has(name))
    .map(([name, read]) => ({ name, value: read(s) }));
}
