// Every screen of the portal as the layout tests visit it: each page of the route table (src/client/app.tsx) with
// the tabs it has, and each popup of the popup table over the page it opens from, with parameters that name the
// fixtures of layout-fixtures.ts. A route missing here fails the coverage check of the layout tests.
import { LONG_PROJECT, PROJECT, SOURCE, SOURCE_DATA, SOURCE_TYPE, SUBJECT, USER } from './layout-fixtures';

export interface Screen {
  /** The route table's path this screen shows (page or popup). */
  route: string;
  /** The hash path to visit, without `#/`. */
  path: string;
}

const tabs = (route: string, base: string, names: string[]): Screen[] => names.map((tab) => ({ route, path: `${base}?tab=${tab}` }));

export const PAGES: readonly Screen[] = [
  { route: '', path: '' },
  { route: 'accessdenied', path: 'accessdenied' },
  { route: 'error', path: 'error' },
  { route: 'activate', path: 'activate?key=not-a-key' },
  { route: 'reset/request', path: 'reset/request' },
  { route: 'reset/finish', path: 'reset/finish?key=not-a-key' },
  { route: 'password', path: 'password' },
  { route: 'settings', path: 'settings' },
  { route: 'user-management', path: 'user-management' },
  { route: 'user-management/:login', path: `user-management/${USER}` },
  { route: 'audits', path: 'audits' },
  { route: 'docs', path: 'docs' },
  { route: 'jhi-health', path: 'jhi-health' },
  { route: 'logs', path: 'logs' },
  { route: 'jhi-metrics', path: 'jhi-metrics' },
  { route: 'organization', path: 'organization' },
  ...tabs('organization/:organizationName', 'organization/main', ['projects', 'permissions']),
  { route: 'project', path: 'project' },
  ...tabs('project/:projectName', `project/${PROJECT}`, ['subjects', 'sources', 'groups', 'permissions', 'admins', 'analysts']),
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
  popup('subject/:login/pairApp', subjects, `subject/${SUBJECT}/pairApp`),
  popup('subject/:login/sources', subjects, `subject/${SUBJECT}/sources`),
  popup('project-group-new/:projectName', `${subjects}?tab=groups`, `project-group-new/${PROJECT}`),
  popup('project-group/:projectName/:id/delete', `${subjects}?tab=groups`, `project-group/${PROJECT}/{groupId}/delete`),
];
