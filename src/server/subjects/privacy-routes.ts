// A subject's privacy rights (docs/subjects.md, "Erasure", "Access export", "Who looked"). Erasure and the access
// export need SUBJECT.DELETE on the subject: the matrix's subject permission of the project's administrators (system,
// organization and project admins, owners), the staff who may also delete the subject. Whether a subject was erased
// and who looked at it last needs SUBJECT.READ, as the subject page that shows it.
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { perm, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { locateSubject, subjectEntity, type FoundSubject } from './load-subject';
import { exportSubjectAccess } from './subject-access-export';
import { confirmErasure, eraseSubject, readErasure, REASON_MAX, type ErasureBody } from './subject-erasure';
import { flushViews, lastViewOf, viewerOf } from './subject-views';

const LOGIN = { login: 'The subject\'s login' };

export const subjectPrivacyRoutes: RouteEntry[] = [
  route<ErasureBody, FoundSubject>({
    method: 'POST', path: '/api/subjects/:login/erasure', access: perm('SUBJECT.DELETE', 'subject'),
    body: {
      objectName: 'subjectErasure', schema: ref('SubjectErasureRequest'),
      rules: { objectName: 'subjectErasure', fields: { reason: { required: true, maxLength: REASON_MAX }, confirmLogin: { required: true, maxLength: 50 } } },
    },
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    // The typed login is compared after the permission: a caller who may not erase learns nothing from the body.
    handler: ({ ctx, principal, params, body, found }) => {
      confirmErasure(found.row.login, body);
      return eraseSubject(ctx, principal, found.row.login, subjectEntity(found), body);
    },
    doc: {
      tag: 'Subjects', summary: 'Erase a subject\'s personal data (GDPR art. 17)', pathParams: LOGIN,
      description: 'Removes person name, date of birth, external link, e-mail and attributes from the subject, its revisions and the audit log; ends its pairing links, tokens and sessions; keeps the login and a tombstone. Not a delete.',
      success: doc.ok(ref('SubjectErasureDTO'), 'Erased: the tombstone'),
      errors: { 400: 'error.validation (confirmLogin is not the subject\'s login: erasureNotConfirmed)', 404: 'error.subjectNotFound', 409: 'error.subjectErased: erased already' },
    },
  }),

  route<undefined, FoundSubject>({
    method: 'GET', path: '/api/subjects/:login/privacy', access: perm('SUBJECT.READ', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: async ({ ctx, principal, found }) => {
      await flushViews(ctx.app);
      const login = found.row.login;
      const [erasure, lastViewed] = await Promise.all([readErasure(ctx.app.db, login), lastViewOf(ctx.app.db, login, viewerOf(principal))]);
      return ok({ ...(erasure ? { erasure } : {}), ...(lastViewed ? { lastViewed } : {}) });
    },
    doc: {
      tag: 'Subjects', summary: 'Whether a subject was erased, and who looked last', pathParams: LOGIN,
      description: '`lastViewed`: the latest view (detail page or access export) by someone other than the caller.',
      success: doc.ok(ref('SubjectPrivacyVM'), 'Absent fields: not erased, no view by someone else'), errors: { 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, FoundSubject>({
    method: 'GET', path: '/api/subjects/:login/access-export', access: perm('SUBJECT.DELETE', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: ({ ctx, principal, found }) => exportSubjectAccess(ctx, principal, found.row.login),
    doc: {
      tag: 'Subjects', summary: 'Everything about a subject (GDPR art. 15)', pathParams: LOGIN,
      description: 'One JSON file: current data, every revision, pairing and contact history, the audit events about it. Audited.',
      success: doc.ok(ref('SubjectAccessExport'), 'An attachment'), errors: { 404: 'error.subjectNotFound' },
    },
  }),
];
