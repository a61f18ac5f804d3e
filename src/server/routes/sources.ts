// Sources (api.md §5.10), the project's sources (§5.7) and a subject's sources (§5.9, §5.9.3). Each handler
// authenticates first, then reads the body, then checks the permission against where the source really lives;
// the work is in src/server/sources.
import { requireAuth, requireScope } from '../auth/guards';
import { ok, type RequestContext } from '../http/context';
import { notFoundVm } from '../http/errors';
import { Router } from '../http/router';
import { requireAllowed } from '../subjects/access';
import { deleteSource } from '../sources/source-delete';
import { findSource, toSourceDTO } from '../sources/source-dto';
import { parseSourceInput } from '../sources/source-input';
import { listProjectSources, listSources } from '../sources/source-lists';
import { registerSource } from '../sources/source-registration';
import { createSource, updateSource } from '../sources/source-save';
import { listSubjectSources, updateSubjectSourceAttributes } from '../sources/subject-source-reads';

async function getOne(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCE.READ');
  const row = await findSource(ctx.app.db, { name: ctx.params.sourceName });
  if (!row) throw notFoundVm();
  await requireAllowed(ctx.app.db, principal, 'SOURCE.READ', { project: row.project_name, subject: row.subject_login, source: row.source_id });
  return ok(toSourceDTO(row));
}

export function sourceRoutes(): Router {
  return new Router()
    .get('/api/sources', listSources)
    .post('/api/sources', async (ctx) => {
      const principal = await requireAuth(ctx);
      return createSource(ctx, principal, parseSourceInput(await ctx.json()));
    })
    .put('/api/sources', async (ctx) => {
      const principal = await requireAuth(ctx);
      return updateSource(ctx, principal, parseSourceInput(await ctx.json()));
    })
    .get('/api/sources/:sourceName', getOne)
    .delete('/api/sources/:sourceName', async (ctx) => deleteSource(ctx, await requireScope(ctx, 'SOURCE.DELETE'), ctx.params.sourceName))
    .get('/api/projects/:projectName/sources', listProjectSources)
    .get('/api/subjects/:login/sources', async (ctx) => listSubjectSources(ctx, await requireScope(ctx, 'SUBJECT.READ'), ctx.params.login))
    .post('/api/subjects/:login/sources', async (ctx) => registerSource(ctx, await requireScope(ctx, 'SUBJECT.UPDATE'), ctx.params.login))
    .post('/api/subjects/:login/sources/:sourceName', async (ctx) =>
      updateSubjectSourceAttributes(ctx, await requireScope(ctx, 'SUBJECT.UPDATE'), ctx.params.login, ctx.params.sourceName));
}
