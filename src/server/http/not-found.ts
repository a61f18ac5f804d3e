// The 404 of each entity, built in one place so every route that cannot find, say, a project answers the same code,
// message and parameters (docs/api-conventions.md, "Errors").
import { apiError } from './errors';

export const organizationNotFound = (name: string) =>
  apiError(404, 'error.organizationNameNotFound', 'organization', `Organization not found with name ${name}`, { name });

export const organizationIdNotFound = (id: number) =>
  apiError(404, 'error.organizationNotFound', 'organization', `Organization not found with id ${id}`, { id: String(id) });

export const projectNotFound = (projectName: string) =>
  apiError(404, 'error.projectNameNotFound', 'project', `Project not found: ${projectName}`, { projectName });

export const sourceNotFound = (sourceName: string) =>
  apiError(404, 'error.sourceNotFound', 'source', `Source not found: ${sourceName}`, { sourceName });

export const sourceTypeNotFound = (spec: string) =>
  apiError(404, 'error.sourceTypeNotFound', 'sourceType', `Source type ${spec} not found`, { 'producer-model-version': spec });

export const subjectNotFound = (login?: string) =>
  apiError(404, 'error.subjectNotFound', 'subject', 'Subject not found', login === undefined ? {} : { subjectLogin: login });
