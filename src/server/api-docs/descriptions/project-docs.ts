// API documentation of organizations, projects and groups.
import {
  booleanQuery, created, json, list, noContent, ok, pageable, perm, scope, type OperationTable,
} from '../operation-doc';
import { arrayOf, listOf, oneOf, ref } from '../schema-helpers';

const PROJECT_SORT = ['id', 'projectName', 'description', 'location', 'startDate', 'endDate', 'projectStatus', 'organizationName', 'organization.name'];

export const PROJECT_DOCS: OperationTable = {
  'GET /api/projects': {
    tag: 'Projects', summary: 'List projects', description: 'The projects in the caller\'s scope.',
    access: scope('PROJECT.READ'),
    query: [...pageable(2000, PROJECT_SORT), booleanQuery('minimized', 'Answer MinimalProjectDetailsDTOs ({id, projectName})', false)],
    success: ok(oneOf(listOf('ProjectDTO'), listOf('MinimalProjectDetailsDTO')), 'One page of full ProjectDTOs (or minimal ones)', ['paging']),
  },
  'POST /api/projects': {
    tag: 'Projects', summary: 'Create a project', description: 'Needs organization.name or organizationName.',
    access: perm('PROJECT.CREATE', 'organization'), body: json(ref('ProjectDTO')),
    success: created(ref('ProjectDTO'), 'Created; alert managementPortalApp.project.created'),
    errors: { 400: 'Field errors, error.validation (no organization), idexists, nameexists', 404: 'error.organizationNameNotFound' },
  },
  'PUT /api/projects': {
    tag: 'Projects', summary: 'Update a project', description: 'The name cannot change; moving it to another organization needs PROJECT.UPDATE in both.',
    access: perm('PROJECT.UPDATE', 'project'), body: json(ref('ProjectDTO')),
    success: ok(ref('ProjectDTO'), 'Saved; alert managementPortalApp.project.updated', ['alert']),
    errors: { 400: 'Field errors, or error.validation', 404: 'error.projectIdNotFound, error.organizationNameNotFound' },
  },
  'GET /api/projects/{projectName}': {
    tag: 'Projects', summary: 'One project', access: perm('PROJECT.READ', 'project'), pathParams: { projectName: 'Project name' },
    success: ok(ref('ProjectDTO'), 'The full project'), errors: { 404: 'error.projectNameNotFound' },
  },
  'DELETE /api/projects/{projectName}': {
    tag: 'Projects', summary: 'Delete an empty project', access: perm('PROJECT.DELETE', 'project'),
    success: ok(undefined, 'Deleted; alert managementPortalApp.project.deleted', ['alert']),
    errors: { 404: 'error.projectNameNotFound', 409: 'error.projectNotEmpty: subjects, sources or role holders remain' },
  },
  'GET /api/projects/{projectName}/source-types': {
    tag: 'Projects', summary: 'Source types of a project', access: perm('PROJECT.READ', 'project'),
    success: list('SourceTypeDTO', 'Reduced SourceTypeDTOs'), errors: { 404: 'error.projectNameNotFound' },
  },
  'GET /api/projects/{projectName}/roles': {
    tag: 'Projects', summary: 'Roles of a project', access: perm('ROLE.READ', 'project'),
    success: list('RoleDTO', 'The project\'s role rows'), errors: { 404: 'error.projectNameNotFound' },
  },

  'GET /api/projects/{projectName}/groups': {
    tag: 'Groups', summary: 'Groups of a project', access: perm('PROJECT.READ', 'project'),
    success: list('GroupDTO', 'Ordered by name'), errors: { 404: 'error.projectNameNotFound' },
  },
  'POST /api/projects/{projectName}/groups': {
    tag: 'Groups', summary: 'Create a group', access: perm('PROJECT.UPDATE', 'project'), body: json(ref('GroupDTO')),
    success: { status: 201, description: 'Created (no alert)', schema: ref('GroupDTO'), headers: ['location'] },
    errors: { 400: 'Field errors', 404: 'error.projectNameNotFound', 409: 'error.groupExists' },
  },
  'GET /api/projects/{projectName}/groups/{groupName}': {
    tag: 'Groups', summary: 'One group', access: perm('PROJECT.READ', 'project'), success: ok(ref('GroupDTO'), 'The group'),
    errors: { 404: 'error.groupNotFound' },
  },
  'DELETE /api/projects/{projectName}/groups/{groupName}': {
    tag: 'Groups', summary: 'Delete a group', access: perm('PROJECT.UPDATE', 'project'),
    query: [booleanQuery('unlinkSubjects', 'Take the group\'s subjects out of it first; without it a group with subjects is a 409', false)],
    success: noContent('Deleted'), errors: { 404: 'error.groupNotFound', 409: 'error.validation: the group still has subjects' },
  },
  'PATCH /api/projects/{projectName}/groups/{groupName}/subjects': {
    tag: 'Groups', summary: 'Add subjects to or remove them from a group', description: 'Unknown ids and logins are ignored.',
    access: perm('SUBJECT.UPDATE', 'project'), body: json(arrayOf(ref('GroupPatchOperation'))),
    success: noContent('Applied'), errors: { 400: 'error.validation: a bad operation, or a subject of another project', 404: 'error.groupNotFound' },
  },
};
