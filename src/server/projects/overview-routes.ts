// The activity overviews (docs/subjects.md, "Activity"): one project's (`GET api/projects/{p}/overview`, for whoever
// may read its subjects, as the subject list) and an organization's totals for the home page's cards
// (`GET api/organizations/{o}/overview`: the sum over the organization's projects whose subjects the caller may read).
import { checkPermission } from '../../common/permission-check';
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { organizationNotFound, projectNotFound } from '../http/not-found';
import { perm, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { activityCounts, findOverviewProject, organizationProjects, projectOverview, sumCounts } from './overview';

export const overviewRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/projects/:projectName/overview', access: perm('SUBJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => {
      const project = await findOverviewProject(ctx.app.db, params.projectName);
      if (!project) throw projectNotFound(params.projectName);
      return ok(await projectOverview(ctx.app.db, project));
    },
    doc: {
      tag: 'Projects', summary: 'Activity overview of a project', pathParams: { projectName: 'Project name' },
      description: 'Subjects by status, paired, fresh / late / stale by the project\'s thresholds, enrolments per week (13 weeks) and participants seen per day (90 days, UTC).',
      success: doc.ok(ref('ProjectOverview'), 'Counts as of asOf'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/organizations/:name/overview', access: perm('SUBJECT.READ', 'organization'),
    find: ({ params }) => ({ organization: params.name }),
    handler: async ({ ctx, principal, params }) => {
      const projects = await organizationProjects(ctx.app.db, params.name);
      if (!projects) throw organizationNotFound(params.name);
      // A project role reaches its organization: count only the projects whose subjects the caller may read.
      const readable = projects.filter((p) =>
        checkPermission(principal.token, 'SUBJECT.READ', { project: p.projectName, projectOrganization: params.name }));
      const counts = [];
      for (const project of readable) counts.push(await activityCounts(ctx.app.db, project));
      return ok(sumCounts(params.name, counts));
    },
    doc: {
      tag: 'Organizations', summary: 'Activity totals of an organization', pathParams: { name: 'Organization name' },
      description: 'The project overview\'s counts summed over the organization\'s projects whose subjects the caller may read.',
      success: doc.ok(ref('OrganizationOverview'), 'Totals'), errors: { 404: 'error.organizationNameNotFound' },
    },
  }),
];
