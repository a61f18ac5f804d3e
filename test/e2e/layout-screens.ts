// Every screen of the portal as the layout tests visit it: each page of the route table (src/client/app.tsx) with
// the tabs it has, and each popup of the popup table over the page it opens from, with parameters that name the
// fixtures of layout-fixtures.ts. A route missing here fails the coverage check of the layout tests.
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { LONG_PROJECT, PROJECT, SOURCE, SOURCE_DATA, SOURCE_TYPE, SUBJECT, USER } from './layout-fixtures';

export interface Screen {
  /** The route table's path this screen shows (page or popup). */
  route: string;
  /** The hash path to visit, without `#/`. */
  path: string;
  /** What a person does on the page before it is checked (a state reached by a click: a preview, a printed sheet). */
  act?: (page: Page) => Promise<void>;
  /** Names the state `act` reaches in the findings. */
  state?: string;
}

/** A file with a new row, a changed row and rows with errors, so the preview shows each kind of row. */
const SUBJECT_CSV = [
  'login,externalId,personName,group,attribute:Human-readable-identifier',
  `${SUBJECT},EXT-0000001,Participant number 01 with a changed and rather long name,control,HRID-01`,
  ',EXT-NEW-000000000000000000001,A new participant from the import file,treatment-with-a-longer-name,HRID-NEW',
  ',EXT-NEW-2,,no-such-group-in-this-project,',
  'not-a-known-login,EXT-NEW-3,,,',
].join('\n');
const USER_CSV = [
  'login,firstName,lastName,email,langKey,roles',
  'layout-imported-staff-member,Imported,Staff member,layout.imported.staff.member.with.a.long.address@example.org,nl,ROLE_PROJECT_ANALYST:radar',
  'admin,Already,Taken,admin@localhost,en,ROLE_PROJECT_ADMIN:radar',
  'x,,,not-an-address,xx,ROLE_NOT_A_ROLE:radar',
].join('\n');
const SHEET_LOGINS = ['01', '02', '03', '04', '05', '06'].map((n) => `layout-subject-${n}`).join(',');

/** Pastes the file and runs "Check file": the preview lists every row. */
function checkCsv(csv: string) {
  return async (page: Page) => {
    await page.$eval('textarea[name="csv"]', (area) => {
      // React listens to the native setter's input event.
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      set.call(area, '');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.type('textarea[name="csv"]', csv);
    await page.click('.participants-import__actions .button--secondary');
    await page.waitForSelector('.participants-import__report', { timeout: 10000 });
  };
}

/** Makes the sheet: one QR card per subject, ready to print. */
async function makeSheet(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.querySelector<HTMLSelectElement>('#sheet-client')?.value, { timeout: 10000 });
  await page.click('.pairing-sheet__form .button--primary');
  await page.waitForSelector('.pairing-sheet__card', { timeout: 10000 });
}

const tabs = (route: string, base: string, names: string[]): Screen[] => names.map((tab) => ({ route, path: `${base}?tab=${tab}` }));

export const PAGES: readonly Screen[] = [
  { route: '', path: '' },
  { route: 'accessdenied', path: 'accessdenied' },
  { route: 'error', path: 'error' },
  { route: 'activate', path: 'activate?key=not-a-key' },
  { route: 'reset/request', path: 'reset/request' },
  { route: 'register', path: 'register' },
  { route: 'reset/finish', path: 'reset/finish?key=not-a-key' },
  { route: 'password', path: 'password' },
  { route: 'settings', path: 'settings' },
  { route: 'user-management', path: 'user-management' },
  { route: 'user-management/:login', path: `user-management/${USER}` },
  { route: 'user-management-import', path: 'user-management-import' },
  { route: 'user-management-import', path: 'user-management-import', state: 'preview', act: checkCsv(USER_CSV) },
  { route: 'audits', path: 'audits' },
  { route: 'docs', path: 'docs' },
  { route: 'jhi-health', path: 'jhi-health' },
  { route: 'logs', path: 'logs' },
  { route: 'processing-record', path: 'processing-record' },
  { route: 'jhi-metrics', path: 'jhi-metrics' },
  { route: 'organization', path: 'organization' },
  ...tabs('organization/:organizationName', 'organization/main', ['projects', 'permissions']),
  { route: 'project', path: 'project' },
  ...tabs('project/:projectName', `project/${PROJECT}`, ['subjects', 'overview', 'sources', 'groups', 'invitations', 'permissions', 'admins', 'analysts', 'privacy']),
  { route: 'project/:projectName/import', path: `project/${PROJECT}/import` },
  { route: 'project/:projectName/import', path: `project/${PROJECT}/import`, state: 'preview', act: checkCsv(SUBJECT_CSV) },
  { route: 'project/:projectName/pairing-sheet', path: `project/${PROJECT}/pairing-sheet?logins=${SHEET_LOGINS}` },
  { route: 'project/:projectName/pairing-sheet', path: `project/${PROJECT}/pairing-sheet?logins=${SHEET_LOGINS}`, state: 'sheet', act: makeSheet },
  { route: 'project/:projectName', path: `project/${LONG_PROJECT}` },
  { route: 'revisions', path: 'revisions' },
  { route: 'revisions/:revisionId', path: 'revisions/{revisionId}' },
  { route: 'role/:projectOrOrganizationName/:authorityName', path: 'role/main/ROLE_ORGANIZATION_ADMIN' },
  { route: 'role/:projectOrOrganizationName/:authorityName', path: `role/${PROJECT}/ROLE_PROJECT_ADMIN` },
  { route: 'source-data', path: 'source-data' },
  { route: 'source-data/:sourceDataName', path: `source-data/${SOURCE_DATA}` },
  { route: 'source-type', path: 'source-type' },
  { route: 'source-type/:sourceTypeProducer/:sourceTypeModel/:catalogVersion', path: SOURCE_TYPE },
  { route: 'source', path: 'source' },
  { route: 'source/:sourceName', path: `source/${SOURCE}` },
  { route: 'subject', path: 'subject' },
  { route: 'subject/:login', path: `subject/${SUBJECT}` },
  { route: 'subject/:login/revisions', path: `subject/${SUBJECT}/revisions` },
  { route: 'subject/:login/revisions/:revisionNb', path: `subject/${SUBJECT}/revisions/{revisionId}` },
  { route: 'oauth-client', path: 'oauth-client' },
];

/** The popup outlet goes between the page's path and its query (`project/radar(popup:...)?tab=groups`). */
const popup = (route: string, base: string, outlet: string): Screen => {
  const [path, query] = base.split('?');
  return { route, path: `${path}(popup:${outlet})${query ? `?${query}` : ''}` };
};
const subjects = `project/${PROJECT}`;
const SOURCE_TYPE_ROUTE = 'source-type/:sourceTypeProducer/:sourceTypeModel/:catalogVersion';

export const POPUPS: readonly Screen[] = [
  popup('user-management-new', 'user-management', 'user-management-new'),
  popup('user-management-new-admin', 'user-management', 'user-management-new-admin'),
  popup('user-management/:login/edit', 'user-management', `user-management/${USER}/edit`),
  popup('user-management/:login/delete', 'user-management', `user-management/${USER}/delete`),
  popup('user-management/:login/send-activation', 'user-management', `user-management/${USER}/send-activation`),
  popup('oauth-client-new', 'oauth-client', 'oauth-client-new'),
  popup('oauth-client/:clientId/edit', 'oauth-client', 'oauth-client/layout-gateway-with-a-long-client-id/edit'),
  popup('oauth-client/:clientId/delete', 'oauth-client', 'oauth-client/layout-gateway-with-a-long-client-id/delete'),
  popup('organization-new', 'organization', 'organization-new'),
  popup('organization/:organizationName/edit', 'organization', 'organization/main/edit'),
  popup('organization/:organizationName/delete', 'organization', 'organization/main/delete'),
  popup('organization/:organizationName/project-new', 'organization/main', 'organization/main/project-new'),
  popup('organization/:organizationName/project/:projectName/edit', subjects, `organization/main/project/${PROJECT}/edit`),
  popup('project/:projectName/delete', 'project', `project/${LONG_PROJECT}/delete`),
  popup('source-data-new', 'source-data', 'source-data-new'),
  popup('source-data/:sourceDataName/edit', 'source-data', `source-data/${SOURCE_DATA}/edit`),
  popup('source-data/:sourceDataName/delete', 'source-data', `source-data/${SOURCE_DATA}/delete`),
  popup('source-type-new', 'source-type', 'source-type-new'),
  popup(`${SOURCE_TYPE_ROUTE}/edit`, 'source-type', `${SOURCE_TYPE}/edit`),
  popup(`${SOURCE_TYPE_ROUTE}/delete`, 'source-type', `${SOURCE_TYPE}/delete`),
  popup('general-source-new', 'source', 'general-source-new'),
  popup('general-source/:sourceName/edit', 'source', `general-source/${SOURCE}/edit`),
  popup('project-source-new/:projectName', `${subjects}?tab=sources`, `project-source-new/${PROJECT}`),
  popup('project-source/:projectName/:sourceName/edit', `${subjects}?tab=sources`, `project-source/${PROJECT}/${SOURCE}/edit`),
  popup('source/:sourceName/delete', 'source', `source/${SOURCE}/delete`),
  popup('general-subject-new', 'subject', 'general-subject-new'),
  popup('general-subject/:login/edit', 'subject', `general-subject/${SUBJECT}/edit`),
  popup('project-subject-new/:projectName', subjects, `project-subject-new/${PROJECT}`),
  popup('project-subject/:projectName/:login/edit', subjects, `project-subject/${PROJECT}/${SUBJECT}/edit`),
  popup('subject/:login/delete', subjects, `subject/${SUBJECT}/delete`),
  popup('subject/:login/discontinue', subjects, `subject/${SUBJECT}/discontinue`),
  popup('subject/:login/erase', `subject/${SUBJECT}`, `subject/${SUBJECT}/erase`),
  popup('subject/:login/restrict', `subject/${SUBJECT}`, `subject/${SUBJECT}/restrict`),
  popup('subject/:login/lift-restriction', `subject/${SUBJECT}`, `subject/${SUBJECT}/lift-restriction`),
  popup('subject/:login/pairApp', subjects, `subject/${SUBJECT}/pairApp`),
  popup('subject/:login/sources', subjects, `subject/${SUBJECT}/sources`),
  popup('project-group-new/:projectName', `${subjects}?tab=groups`, `project-group-new/${PROJECT}`),
  popup('project-group/:projectName/:id/delete', `${subjects}?tab=groups`, `project-group/${PROJECT}/{groupId}/delete`),
];

/** A dictionary key's text in English and in Dutch (the layout tests run in both). */
function texts(key: string): string[] {
  return ['en', 'nl'].map((language) => {
    const dictionary = JSON.parse(readFileSync(new URL(`../../static/i18n/${language}.json`, import.meta.url), 'utf8'));
    return key.split('.').reduce((node, part) => node[part], dictionary) as string;
  });
}

/** Clicks the button labelled with the key's text (after checking `select`, when given) and waits for the dialog. */
function clickOpens(key: string, select?: string) {
  const labels = texts(key);
  return async (page: Page) => {
    if (select) await page.click(select);
    await page.waitForFunction((names: string[]) => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('main button')].find((b) => names.includes(b.textContent!.trim()) && !b.disabled);
      button?.click();
      return !!button;
    }, { timeout: 10000 }, labels);
    await page.waitForSelector('[role="dialog"], [role="alertdialog"]', { timeout: 10000 });
  };
}

/** The dialogs a click opens, not a route: each over the page it opens from. */
export const CLICKED_DIALOGS: readonly Screen[] = [
  { route: 'project/:projectName', path: subjects, state: 'add to group', act: clickOpens('managementPortalApp.subject.action.addToGroup', '.subject-row__select input:not([disabled])') },
  { route: 'jhi-metrics', path: 'jhi-metrics', state: 'thread dump', act: clickOpens('metrics.jvm.threads.dump.expand') },
  { route: 'jhi-health', path: 'jhi-health', state: 'health details', act: clickOpens('health.details.details') },
  { route: 'user-management/:login', path: `user-management/${USER}`, state: 'end all sessions', act: clickOpens('sessions.endAll') },
];
