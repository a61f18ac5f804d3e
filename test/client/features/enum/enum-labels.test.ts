// Every helper that turns an enumerated value into words: the English and the Dutch text of each known value, an
// unknown value shown as it is, and every value the server can send has a text in both dictionaries.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PROJECT_STATUSES, SUBJECT_STATUSES } from '../../../../src/common/dto';
import { AUDIT_EVENT_TYPES, auditEventTypeLabel, auditEventTypeOptions, type AuditEventType } from '../../../../src/client/features/audits/audit-event-type';
import { componentLabel, HEALTH_COMPONENTS, HEALTH_STATUSES, healthStatusLabel } from '../../../../src/client/features/health/health-labels';
import { THREAD_STATES } from '../../../../src/client/features/metrics/metrics-types';
import { threadStateLabel } from '../../../../src/client/features/metrics/thread-state-label';
import { projectStatusLabel, projectStatusOptions } from '../../../../src/client/features/project/project-status-label';
import { subjectStatusLabel } from '../../../../src/client/features/subject/subject-status-label';
import { flattenDictionary, type Dictionary } from '../../../../src/client/lib/i18n';
import type { AuditEventType as SignInEventType } from '../../../../src/server/oauth/audit';
import type { SecurityEventType } from '../../../../src/server/audit/security-events';
import { dictionary } from '../../components/harness';

const texts = { en: flattenDictionary(dictionary('en') as Dictionary), nl: flattenDictionary(dictionary('nl') as Dictionary) };
/** A translate function that answers a missing key with the key, as the app's does. */
const translator = (language: 'en' | 'nl') => (key: string) => texts[language].get(key) ?? key;
const en = translator('en');
const nl = translator('nl');

/** Each key in both dictionaries, the Dutch text other than the English one unless `same` allows it. */
function assertTranslated(keys: string[], same: string[] = []): void {
  for (const key of keys) {
    assert.type(texts.en.get(key), 'string', `en ${key}`);
    assert.type(texts.nl.get(key), 'string', `nl ${key}`);
    if (!same.includes(key)) assert.is.not(texts.nl.get(key), texts.en.get(key), `nl ${key} is Dutch`);
  }
}

// Every type the server's writers name is one the client knows (checked by the type checker).
type ServerWritten = SignInEventType | SecurityEventType | 'SUBJECT_DISCONTINUE';
const covered: [Exclude<ServerWritten, AuditEventType>] extends [never] ? true : false = true;

const audit = suite('enum labels: audit event types');

audit('a type reads as words in en and nl; an unknown code as it is', () => {
  assert.ok(covered);
  assert.is(auditEventTypeLabel(en, 'AUTHENTICATION_SUCCESS'), 'Sign-in succeeded');
  assert.is(auditEventTypeLabel(nl, 'AUTHENTICATION_SUCCESS'), 'Aanmelding gelukt');
  assert.is(auditEventTypeLabel(en, 'AUTHENTICATION_FAILURE'), 'Sign-in failed');
  assert.is(auditEventTypeLabel(nl, 'AUTHENTICATION_FAILURE'), 'Aanmelding mislukt');
  assert.is(auditEventTypeLabel(nl, 'ROLE_GRANTED'), 'Rol toegekend');
  assert.is(auditEventTypeLabel(en, 'SOMETHING_NEW'), 'SOMETHING_NEW');
  assert.is(auditEventTypeLabel(en, 'constructor'), 'constructor');
  assert.is(auditEventTypeLabel(en, undefined), '');
});

audit('every known type has an en and a Dutch nl text', () => {
  assertTranslated(AUDIT_EVENT_TYPES.map((code) => `audits.eventType.${code}`));
});

audit('every type a server writer names is known (the recorders and the plain inserts)', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.ts')) files.push(join(dir, entry.name));
    }
  };
  walk('src/server');
  const written = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/record(?:Audit|Security)Event\(\s*[^,]+,\s*[^,]+,\s*'([A-Z_]+)'/g)) written.add(m[1]);
    for (const m of source.matchAll(/INSERT INTO audit_event[^;]*?VALUES \([^)]*'([A-Z_]+)'/g)) written.add(m[1]);
  }
  assert.ok(written.has('AUTHENTICATION_SUCCESS') && written.has('SUBJECT_DISCONTINUE'), [...written].join());
  assert.equal([...written].filter((code) => !(AUDIT_EVENT_TYPES as readonly string[]).includes(code)), []);
});

audit('the filter options keep the code as their value, read as words, sorted by what they read', () => {
  const options = auditEventTypeOptions(nl);
  assert.equal(options.map((o) => o.value).sort(), [...AUDIT_EVENT_TYPES].sort());
  assert.equal(options.find((o) => o.value === 'AUTHENTICATION_SUCCESS')?.label, 'Aanmelding gelukt');
  assert.equal(options.map((o) => o.label), [...options.map((o) => o.label)].sort((a, b) => a.localeCompare(b)));
});

audit.run();

const health = suite('enum labels: health');

health('components and states read as words in en and nl; unknown ones as the server names them', () => {
  assert.is(componentLabel(en, 'diskSpace'), 'Disk space');
  assert.is(componentLabel(nl, 'diskSpace'), 'Schijfruimte');
  assert.is(componentLabel(en, 'workers'), 'Workers');
  assert.is(componentLabel(nl, 'workers'), 'Werkprocessen');
  assert.is(componentLabel(en, 'redis'), 'redis');
  assert.is(healthStatusLabel(en, 'UP'), 'UP');
  assert.is(healthStatusLabel(nl, 'UP'), 'OK');
  assert.is(healthStatusLabel(nl, 'OUT_OF_SERVICE'), 'BUITEN DIENST');
  assert.is(healthStatusLabel(nl, 'PARTIAL'), 'PARTIAL');
});

health('every known component and state has an en and nl text', () => {
  // Names that read the same in both languages.
  assertTranslated(HEALTH_COMPONENTS.map((name) => `health.indicator.${name}`), ['health.indicator.db']);
  assertTranslated(HEALTH_STATUSES.map((status) => `health.status.${status}`));
});

health.run();

const statuses = suite('enum labels: project and subject status');

statuses('a status reads as words in en and nl; an unknown one as it is', () => {
  assert.is(projectStatusLabel(en, 'ONGOING'), texts.en.get('managementPortalApp.ProjectStatus.ONGOING'));
  assert.is(projectStatusLabel(nl, 'ENDED'), texts.nl.get('managementPortalApp.ProjectStatus.ENDED'));
  assert.is.not(projectStatusLabel(nl, 'ENDED'), 'ENDED');
  assert.is(projectStatusLabel(en, 'ARCHIVED'), 'ARCHIVED');
  assert.is(projectStatusLabel(en, null), '');
  assert.equal(projectStatusOptions(en).map((o) => o.value), [...PROJECT_STATUSES]);
  assert.is(subjectStatusLabel(en, 'ACTIVATED'), 'Activated');
  assert.is(subjectStatusLabel(nl, 'ACTIVATED'), 'Geactiveerd');
  assert.is(subjectStatusLabel(nl, 'DISCONTINUED'), 'Beëindigd');
  assert.is(subjectStatusLabel(nl, 'PAUSED'), 'PAUSED');
  assert.is(subjectStatusLabel(nl, undefined), '');
});

statuses('every known status has an en and a Dutch nl text', () => {
  // "Planning" is Dutch too.
  assertTranslated(PROJECT_STATUSES.map((status) => `managementPortalApp.ProjectStatus.${status}`), ['managementPortalApp.ProjectStatus.PLANNING']);
  assertTranslated(SUBJECT_STATUSES.map((status) => `managementPortalApp.subject.status.${status}`));
});

statuses.run();

const threads = suite('enum labels: thread states');

threads('a thread state reads as words in en and nl; an unknown one as it is', () => {
  assert.is(threadStateLabel(en, 'TIMED_WAITING'), 'Timed waiting');
  assert.is(threadStateLabel(nl, 'TIMED_WAITING'), 'Wacht (met tijdslimiet)');
  assert.is(threadStateLabel(nl, 'TERMINATED'), 'TERMINATED');
  assertTranslated(THREAD_STATES.map((state) => `metrics.jvm.threads.state.${state}`));
});

threads.run();
