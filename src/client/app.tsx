// The route table: every page and popup path of the portal, with the authorities that may open it and the i18n key of its title. Home and the error pages are in the first
// load; every other area is its own chunk, loaded when one of its routes is first visited.
//
// Authorities: any one grants; none = public. Scoped checks (an organization admin of *this* organization) are the
// page's business; the table holds the coarse gate the original used.
import { ROLE_ORGANIZATION_ADMIN, ROLE_PROJECT_ADMIN, ROLE_SYS_ADMIN } from '../common/authorities';
import type { RouteComponent } from './components/popup/popup-types';
import { HomePage } from './features/home/home-page';
import type { RouteDef } from './lib/router';
import { lazyArea } from './layout/lazy-page';

export type AppRoute = RouteDef<RouteComponent>;

const SYS = [ROLE_SYS_ADMIN] as const;
/** The three admin roles. */
const ADMINS = [ROLE_SYS_ADMIN, ROLE_ORGANIZATION_ADMIN, ROLE_PROJECT_ADMIN] as const;
const SYS_OR_ORG = [ROLE_SYS_ADMIN, ROLE_ORGANIZATION_ADMIN] as const;
/** Discontinuing a subject and viewing its revisions. */
const SYS_OR_PRJ = [ROLE_SYS_ADMIN, ROLE_PROJECT_ADMIN] as const;

const account = lazyArea(() => import('./features/account'));
const userManagement = lazyArea(() => import('./features/user-management'));
const audits = lazyArea(() => import('./features/audits'));
const docs = lazyArea(() => import('./features/docs'));
const health = lazyArea(() => import('./features/health'));
const logs = lazyArea(() => import('./features/logs'));
const metrics = lazyArea(() => import('./features/metrics'));
const organization = lazyArea(() => import('./features/organization'));
const project = lazyArea(() => import('./features/project'));
const group = lazyArea(() => import('./features/group'));
const revision = lazyArea(() => import('./features/revision'));
const role = lazyArea(() => import('./features/role'));
const source = lazyArea(() => import('./features/source'));
const sourceType = lazyArea(() => import('./features/source-type'));
const sourceData = lazyArea(() => import('./features/source-data'));
const subject = lazyArea(() => import('./features/subject'));
const pairApp = lazyArea(() => import('./features/subject/pair-app'));
const oauthClient = lazyArea(() => import('./features/oauth-client'));
const participants = lazyArea(() => import('./features/participants'));
const privacy = lazyArea(() => import('./features/privacy'));

const SOURCE_TYPE = 'source-type/:sourceTypeProducer/:sourceTypeModel/:catalogVersion';

export const ROUTES: readonly AppRoute[] = [
  { path: '', page: HomePage, titleKey: 'home.title' },
  { path: 'accessdenied', page: account('AccessDeniedPage'), titleKey: 'error.title' },
  { path: 'error', page: account('ErrorPage'), titleKey: 'error.title' },

  // Account
  { path: 'activate', page: account('ActivatePage'), titleKey: 'activate.title' },
  { path: 'register', page: account('RegisterPage'), titleKey: 'register.title' },
  { path: 'reset/request', page: account('ResetRequestPage'), titleKey: 'reset.request.title' },
  { path: 'reset/finish', page: account('ResetFinishPage'), titleKey: 'reset.finish.title' },
  { path: 'password', page: account('PasswordPage'), authorities: ADMINS, titleKey: 'password.title' },
  { path: 'settings', page: account('SettingsPage'), authorities: ADMINS, titleKey: 'settings.title' },

  // Administration
  { path: 'user-management', page: userManagement('UserListPage'), authorities: SYS, titleKey: 'userManagement.home.title' },
  { path: 'user-management-import', page: participants('UserImportPage'), authorities: SYS, titleKey: 'managementPortalApp.participants.userImport.title' },
  { path: 'user-management/:login', page: userManagement('UserDetailPage'), authorities: SYS, titleKey: 'userManagement.detail.title' },
  { path: 'audits', page: audits('AuditsPage'), authorities: SYS, titleKey: 'audits.title' },
  { path: 'docs', page: docs('ApiDocsPage'), authorities: SYS, titleKey: 'global.menu.admin.apidocs' },
  { path: 'jhi-health', page: health('HealthPage'), authorities: SYS, titleKey: 'health.title' },
  { path: 'logs', page: logs('LogsPage'), authorities: SYS, titleKey: 'logs.title' },
  { path: 'jhi-metrics', page: metrics('MetricsPage'), authorities: SYS, titleKey: 'metrics.title' },
  { path: 'processing-record', page: privacy('ProcessingRecordPage'), authorities: SYS, titleKey: 'privacy.record.title' },

  // Business data
  { path: 'organization', page: organization('OrganizationListPage'), authorities: SYS, titleKey: 'managementPortalApp.organization.home.title' },
  { path: 'organization/:organizationName', page: organization('OrganizationDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.organization.detail.title' },
  { path: 'project', page: project('ProjectListPage'), authorities: SYS, titleKey: 'managementPortalApp.project.home.title' },
  { path: 'project/:projectName', page: project('ProjectDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.project.detail.title' },
  { path: 'project/:projectName/import', page: participants('SubjectImportPage'), authorities: ADMINS, titleKey: 'managementPortalApp.participants.import.pageTitle' },
  { path: 'project/:projectName/pairing-sheet', page: participants('PairingSheetPage'), authorities: ADMINS, titleKey: 'managementPortalApp.participants.sheet.pageTitle' },
  { path: 'revisions', page: revision('RevisionListPage'), authorities: SYS, titleKey: 'managementPortalApp.revision.home.title' },
  { path: 'revisions/:revisionId', page: revision('RevisionPage'), authorities: SYS, titleKey: 'managementPortalApp.revision.detail.title' },
  // A role is role/{projectName}/{authorityName} or role/{organizationName}/{authorityName}: one URL shape, so
  // one route; the page asks GET api/roles/{projectOrOrganizationName}/{authorityName}.
  { path: 'role/:projectOrOrganizationName/:authorityName', page: role('RoleDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.role.detail.title' },
  { path: 'source-data', page: sourceData('SourceDataListPage'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceData.home.title' },
  { path: 'source-data/:sourceDataName', page: sourceData('SourceDataDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceData.detail.title' },
  { path: 'source-type', page: sourceType('SourceTypeListPage'), authorities: SYS, titleKey: 'managementPortalApp.sourceType.home.title' },
  { path: SOURCE_TYPE, page: sourceType('SourceTypeDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceType.detail.title' },
  { path: 'source', page: source('SourceListPage'), authorities: SYS, titleKey: 'managementPortalApp.source.home.title' },
  { path: 'source/:sourceName', page: source('SourceDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.source.detail.title' },
  { path: 'subject', page: subject('SubjectListPage'), authorities: SYS, titleKey: 'managementPortalApp.subject.home.title' },
  { path: 'subject/:login', page: subject('SubjectDetailPage'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.detail.title' },
  { path: 'subject/:login/revisions', page: subject('SubjectRevisionListPage'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.revisions.title' },
  { path: 'subject/:login/revisions/:revisionNb', page: subject('SubjectRevisionPage'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.revision.title' },
  { path: 'oauth-client', page: oauthClient('OAuthClientListPage'), authorities: SYS, titleKey: 'managementPortalApp.oauthClient.home.title' },
];

/** The `(popup:...)` outlet. Only one popup is open at a time (router.openPopup refuses a second). */
export const POPUPS: readonly AppRoute[] = [
  // Users
  { path: 'user-management-new', page: userManagement('UserDialog'), authorities: SYS, titleKey: 'userManagement.home.createLabel' },
  { path: 'user-management-new-admin', page: userManagement('UserNewAdminDialog'), authorities: SYS, titleKey: 'userManagement.home.createAdminLabel' },
  { path: 'user-management/:login/edit', page: userManagement('UserDialog'), authorities: SYS, titleKey: 'userManagement.home.editLabel' },
  { path: 'user-management/:login/delete', page: userManagement('UserDeleteDialog'), authorities: SYS, titleKey: 'entity.delete.title' },
  { path: 'user-management/:login/send-activation', page: userManagement('UserSendActivationDialog'), authorities: SYS, titleKey: 'userManagement.sendActivation.title' },

  // OAuth clients
  { path: 'oauth-client-new', page: oauthClient('OAuthClientDialog'), authorities: SYS, titleKey: 'managementPortalApp.oauthClient.home.createLabel' },
  { path: 'oauth-client/:clientId/edit', page: oauthClient('OAuthClientDialog'), authorities: SYS, titleKey: 'managementPortalApp.oauthClient.home.editLabel' },
  { path: 'oauth-client/:clientId/delete', page: oauthClient('OAuthClientDeleteDialog'), authorities: SYS, titleKey: 'entity.delete.title' },

  // Organizations and projects
  { path: 'organization-new', page: organization('OrganizationDialog'), authorities: SYS, titleKey: 'managementPortalApp.organization.home.createLabel' },
  { path: 'organization/:organizationName/edit', page: organization('OrganizationDialog'), authorities: SYS_OR_ORG, titleKey: 'managementPortalApp.organization.home.editLabel' },
  { path: 'organization/:organizationName/delete', page: organization('OrganizationDeleteDialog'), authorities: SYS_OR_ORG, titleKey: 'entity.delete.title' },
  { path: 'organization/:organizationName/project-new', page: project('ProjectDialog'), authorities: SYS_OR_ORG, titleKey: 'managementPortalApp.project.home.createLabel' },
  { path: 'organization/:organizationName/project/:projectName/edit', page: project('ProjectDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.project.home.editLabel' },
  { path: 'project/:projectName/delete', page: project('ProjectDeleteDialog'), authorities: ADMINS, titleKey: 'entity.delete.title' },

  // Source data and source types
  { path: 'source-data-new', page: sourceData('SourceDataDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceData.home.createLabel' },
  { path: 'source-data/:sourceDataName/edit', page: sourceData('SourceDataDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceData.home.editLabel' },
  { path: 'source-data/:sourceDataName/delete', page: sourceData('SourceDataDeleteDialog'), authorities: ADMINS, titleKey: 'entity.delete.title' },
  { path: 'source-type-new', page: sourceType('SourceTypeDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceType.home.createLabel' },
  { path: `${SOURCE_TYPE}/edit`, page: sourceType('SourceTypeDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.sourceType.home.editLabel' },
  { path: `${SOURCE_TYPE}/delete`, page: sourceType('SourceTypeDeleteDialog'), authorities: SYS, titleKey: 'entity.delete.title' },

  // Sources
  { path: 'general-source-new', page: source('SourceDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.source.home.createLabel' },
  { path: 'general-source/:sourceName/edit', page: source('SourceDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.source.home.editLabel' },
  { path: 'project-source-new/:projectName', page: source('SourceDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.source.home.createLabel' },
  { path: 'project-source/:projectName/:sourceName/edit', page: source('SourceDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.source.home.editLabel' },
  { path: 'source/:sourceName/delete', page: source('SourceDeleteDialog'), authorities: ADMINS, titleKey: 'entity.delete.title' },

  // Subjects and groups
  { path: 'general-subject-new', page: subject('SubjectDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.home.createLabel' },
  { path: 'general-subject/:login/edit', page: subject('SubjectDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.home.editLabel' },
  { path: 'project-subject-new/:projectName', page: subject('SubjectDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.home.createLabel' },
  { path: 'project-subject/:projectName/:login/edit', page: subject('SubjectDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.home.editLabel' },
  { path: 'subject/:login/delete', page: subject('SubjectDeleteDialog'), authorities: SYS, titleKey: 'entity.delete.title' },
  { path: 'subject/:login/discontinue', page: subject('SubjectDiscontinueDialog'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.discontinue.title' },
  { path: 'subject/:login/erase', page: subject('SubjectEraseDialog'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.erase.title' },
  { path: 'subject/:login/restrict', page: subject('SubjectRestrictDialog'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.restrict.title' },
  { path: 'subject/:login/lift-restriction', page: subject('SubjectLiftRestrictionDialog'), authorities: SYS_OR_PRJ, titleKey: 'managementPortalApp.subject.liftRestriction.title' },
  { path: 'subject/:login/pairApp', page: pairApp('PairAppDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.pairApp.title' },
  { path: 'subject/:login/sources', page: subject('SourceAssignerDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.subject.sources.title' },
  { path: 'project-group-new/:projectName', page: group('GroupDialog'), authorities: ADMINS, titleKey: 'managementPortalApp.group.home.createLabel' },
  { path: 'project-group/:projectName/:id/delete', page: group('GroupDeleteDialog'), authorities: ADMINS, titleKey: 'entity.delete.title' },
];
