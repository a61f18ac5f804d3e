// A subject's privacy rights (docs/subjects.md, "Erasure", "Access export", "Who looked"). Erasure and the access
// export need SUBJECT.DELETE on the subject: the matrix's subject permission of the project's administrators (system,
// organization and project admins, owners), the staff who may also delete the subject. Whether a subject was erased
// and who looked at it last needs SUBJECT.READ, as the subject page that shows it.
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { perm, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { locateSubject, type FoundSubject } from './load-subject';
import { exportSubjectAccess } from './subject-access-export';
import { confirmErasure, eraseSubject, readErasure, REASON_MAX, type ErasureBody } from './subject-erasure';
import { identityOf, type SubjectIdentity } from './subject-identity';
import { readRestriction } from '../privacy/subject-restriction';
import { lastViewOf, viewerOf } from './subject-views';

const LOGIN = { login: 'The subject\'s login' };

export const subjectPrivacyRoutes: RouteEntry[] = [
  route<ErasureBody, SubjectIdentity>({
    method: 'POST', path: '/api/subjects/:login/erasure', access: perm('SUBJECT.DELETE', 'subject'),
    body: {
      objectName: 'subjectErasure', schema: ref('SubjectErasureRequest'),
      rules: { objectName: 'subjectErasure', fields: { reason: { required: true, maxLength: REASON_MAX }, confirmLogin: { required: true, maxLength: 50 } } },
    },
    // The living subject, else the latest deleted one with this login (its history still holds its data).
    find: async ({ ctx, params }) => {
      const identity = await identityOf(ctx.app.db, params.login);
      return { entity: { project: identity.project, subject: identity.login }, found: identity };
    },
    // The typed login is compared after the permission: a caller who may not erase learns nothing from the body.
    handler: ({ ctx, principal, body, found }) => {
      confirmErasure(found.login, body);
      return eraseSubject(ctx, principal, found, { project: found.project, subject: found.login }, body);
    },
    doc: {
      tag: 'Subjects', summary: 'Erase a subject\'s personal data (GDPR art. 17)', pathParams: LOGIN,
      description: 'Removes person name, date of birth, external link, e-mail, attributes and device data from the subject, its sources, their revisions and the audit log; ends its pairing links, tokens and sessions; keeps the login and a tombstone. Not a delete. Works for a deleted subject (its history) and may be repeated.',
      success: doc.ok(ref('SubjectErasureDTO'), 'Erased: the tombstone, the exports that held the data and the project\'s recipients'),
      errors: { 400: 'error.validation (confirmLogin is not the subject\'s login: erasureNotConfirmed)', 404: 'error.subjectNotFound' },
    },
  }),

  route<undefined, FoundSubject>({
    method: 'GET', path: '/api/subjects/:login/privacy', access: perm('SUBJECT.READ', 'subject'),
    find: ({ ctx, params }) => locateSubject(ctx.app.db, params.login),
    handler: async ({ ctx, principal, found }) => {
      const identity = await identityOf(ctx.app.db, found.row.login);
      const [erasure, lastViewed, restriction] = await Promise.all([
        readErasure(ctx.app.db, identity.subjectId), lastViewOf(ctx.app.db, identity, viewerOf(principal)), readRestriction(ctx.app.db, identity.subjectId),
      ]);
      return ok({ ...(erasure ? { erasure } : {}), ...(lastViewed ? { lastViewed } : {}), ...(restriction ? { restriction } : {}) });
    },
    doc: {
      tag: 'Subjects', summary: 'Whether a subject was erased or its processing restricted, and who looked last', pathParams: LOGIN,
      description: '`lastViewed`: the latest view (any read of its data, or the access export) by someone other than the caller; `erasure`: the latest erasure; `restriction`: while processing is restricted.',
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
