// Subjects (api.md §5.9): the two keyset-paged lists, create / update / discontinue / delete, one subject with its
// full project and provenance, and its revisions. Each handler authenticates, then checks the permission against
// the project the subject really lives in (src/server/subjects/access.ts); the work lives in src/server/subjects.
import { requireAuth, requireScope } from '../auth/guards';
import { ok, type RequestContext } from '../http/context';
import { Router } from '../http/router';
import { requireAllowed } from '../subjects/access';
import { listAllSubjects, listProjectSubjects } from '../subjects/list-handler';
import { getSubject, subjectDto } from '../subjects/load-subject';
import { parseSubjectInput } from '../subjects/subject-input';
import { createSubject } from '../subjects/subject-create';
import { deleteSubject, discontinueSubject } from '../subjects/subject-retire';
import { getSubjectRevision, listSubjectRevisions } from '../subjects/subject-revisions';
import { updateSubject } from '../subjects/subject-update';

async function readSubject(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SUBJECT.READ');
  const login = ctx.params.login;
  const found = await getSubject(ctx.app.db, { login });
  await requireAllowed(ctx.app.db, principal, 'SUBJECT.READ', { project: found.associatedProject, subject: login });
  return ok(await subjectDto(ctx.app.db, found, { project: 'full', provenance: true, timeoutMs: (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined) }));
}

export function subjectRoutes(): Router {
  return new Router()
    .entries([listAllSubjects, listProjectSubjects])
    .post('/api/subjects', async (ctx) => {
      const principal = await requireAuth(ctx);
      return createSubject(ctx, principal, parseSubjectInput(await ctx.json()));
    })
    .put('/api/subjects', async (ctx) => {
      const principal = await requireAuth(ctx);
      return updateSubject(ctx, principal, parseSubjectInput(await ctx.json()));
    })
    .put('/api/subjects/discontinue', async (ctx) => {
      const principal = await requireAuth(ctx);
      return discontinueSubject(ctx, principal, parseSubjectInput(await ctx.json()));
    })
    .get('/api/subjects/:login', readSubject)
    .delete('/api/subjects/:login', async (ctx) => deleteSubject(ctx, await requireScope(ctx, 'SUBJECT.DELETE'), ctx.params.login))
    .get('/api/subjects/:login/revisions', async (ctx) =>
      listSubjectRevisions(ctx, await requireScope(ctx, 'SUBJECT.READ'), ctx.params.login))
    .get('/api/subjects/:login/revisions/:revisionNb', async (ctx) =>
      getSubjectRevision(ctx, await requireScope(ctx, 'SUBJECT.READ'), ctx.params.login, Number(ctx.params.revisionNb)),
    { revisionNb: /^\d{1,15}$/ });
}
