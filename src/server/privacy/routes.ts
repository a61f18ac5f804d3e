// Privacy settings and states (docs/privacy.md): a subject's restriction of processing (GDPR Art. 18; the staff who
// may erase it, SUBJECT.DELETE), a project's privacy information (Art. 13/15(1); read with PROJECT.READ, set with
// PROJECT.UPDATE: the project's admins), and the record of processing activities (Art. 30) the portal writes from
// its own settings (system admins).
import { ref } from '../../common/schema';
import { recordSecurityEvent } from '../audit/security-events';
import { ok } from '../http/context';
import { perm, route, SYS_ADMIN, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { projectIdByName } from '../projects/project-dto';
import { locateSubject, subjectEntity, type FoundSubject } from '../subjects/load-subject';
import { authorOf } from '../revisions/record';
import { processingRecord } from './processing-record';
import { exportWithSubjects } from './export-records';
import { apiError, badRequest } from '../http/errors';
import { PRIVACY_DEFAULTS, PRIVACY_FIELDS, PRIVACY_TEXT_MAX, privacyOfProject, savePrivacy, type PrivacyField } from './project-privacy';
import { liftRestriction, restrictSubject, type RestrictionBody } from './subject-restriction';

const LOGIN = { login: 'The subject\'s login' };
const PROJECT = { projectName: 'Project name' };

type PrivacyBody = Partial<Record<PrivacyField, string | null>>;

async function privacyView(db: Parameters<typeof privacyOfProject>[0], projectName: string) {
  const stored = await privacyOfProject(db, projectName);
  return { projectName, settings: stored.settings, effective: stored.effective, defaults: PRIVACY_DEFAULTS, updatedBy: stored.updatedBy, updatedAt: stored.updatedAt };
}

export const privacyRoutes: RouteEntry[] = [
  route<RestrictionBody, FoundSubject>({
    method: 'PUT', path: '/api/subjects/:login/restriction', access: perm('SUBJECT.DELETE', 'subject'),
    body: {
      objectName: 'subjectRestriction', schema: ref('SubjectRestrictionRequest'),
      rules: { objectName: 'subjectRestriction', fields: { reason: { required: true, maxLength: 1000 } } },
    },
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: ({ ctx, principal, body, found }) => restrictSubject(ctx, principal, found.row.login, subjectEntity(found), body),
    doc: {
      tag: 'Subjects', summary: 'Restrict the processing of a subject\'s data (GDPR art. 18)', pathParams: LOGIN,
      description: 'The data stay; the participant\'s app gets no tokens and its current ones are refused until the restriction is lifted. Setting it again changes the reason.',
      success: doc.ok(ref('SubjectRestrictionDTO'), 'Restricted'), errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, FoundSubject>({
    method: 'DELETE', path: '/api/subjects/:login/restriction', access: perm('SUBJECT.DELETE', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: ({ ctx, principal, found }) => liftRestriction(ctx, principal, found.row.login, subjectEntity(found)),
    doc: {
      tag: 'Subjects', summary: 'Lift a restriction of processing', pathParams: LOGIN,
      success: { status: 204, description: 'Lifted (or there was none)' }, errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/projects/:projectName/privacy', access: perm('PROJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => {
      await projectIdByName(ctx.app.db, params.projectName);
      return ok(await privacyView(ctx.app.db, params.projectName));
    },
    doc: {
      tag: 'Projects', summary: 'A project\'s privacy information (GDPR art. 13, 15(1))', pathParams: PROJECT,
      success: doc.ok(ref('ProjectPrivacyVM'), 'As set, as it applies, and the defaults'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route<PrivacyBody>({
    method: 'PUT', path: '/api/projects/:projectName/privacy', access: perm('PROJECT.UPDATE', 'project'),
    body: {
      objectName: 'projectPrivacy', schema: ref('ProjectPrivacyRequest'),
      rules: { objectName: 'projectPrivacy', fields: Object.fromEntries(PRIVACY_FIELDS.map((f) => [f, { maxLength: PRIVACY_TEXT_MAX }])) },
    },
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, principal, params, body }) => {
      const author = authorOf(principal);
      await ctx.app.db.transaction(async (tx) => {
        const projectId = await projectIdByName(tx, params.projectName);
        await savePrivacy(tx, projectId, body, author);
        await recordSecurityEvent(tx, author, 'PROJECT_PRIVACY_UPDATED', { project: params.projectName });
      });
      return ok(await privacyView(ctx.app.db, params.projectName));
    },
    doc: {
      tag: 'Projects', summary: 'Set a project\'s privacy information', pathParams: PROJECT,
      description: 'Every field: null, empty or left out answers the default (docs/privacy.md).',
      success: doc.ok(ref('ProjectPrivacyVM'), 'Saved'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route({
    // Any segment matches, so that a non-number is a 400 rather than no route (404).
    method: 'GET', path: '/api/privacy/exports/:id', access: SYS_ADMIN, patterns: { id: /^[^/]*$/ },
    handler: async ({ ctx, params }) => {
      if (!/^\d{1,15}$/.test(params.id)) throw badRequest(`id: must be the audit event id of an export, got "${params.id}"`, 'export');
      const found = await exportWithSubjects(ctx.app.db, Number(params.id));
      if (!found) throw apiError(404, 'error.exportNotFound', 'export', `No subject export with id ${params.id}`, { id: params.id });
      return ok(found);
    },
    doc: {
      tag: 'Management', summary: 'Whose data left in one CSV export (GDPR art. 30, 17(2))', pathParams: { id: 'The id of its SUBJECTS_EXPORTED audit event' },
      success: doc.ok(ref('SubjectExportRecord'), 'Who exported, when, which project, and the logins of the subjects it held'),
      errors: { 400: 'Not a number', 404: 'error.exportNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/privacy/processing-record', access: SYS_ADMIN,
    handler: async ({ ctx }) => ({
      status: 200,
      body: await processingRecord(ctx.app.db, ctx.app.config),
      headers: { 'Content-Disposition': 'attachment; filename="processing-record.json"', 'Cache-Control': 'no-store' },
    }),
    doc: {
      tag: 'Management', summary: 'The record of processing activities (GDPR art. 30)',
      description: 'Written from the portal\'s settings: per project its controller, purposes, legal basis, categories of subjects and data, recipients, retention; the audit retention and the security measures in force.',
      success: doc.ok(ref('ProcessingRecord'), 'An attachment'),
    },
  }),
];
