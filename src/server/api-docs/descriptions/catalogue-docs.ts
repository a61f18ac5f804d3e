// API documentation of the catalogue: source types and source data (global, not scoped to a project).
import { created, json, list, ok, pageable, paged, scope, type OperationTable } from '../operation-doc';
import { ref } from '../schema-helpers';

const SOURCE_TYPE_SORT = ['id', 'producer', 'model', 'catalogVersion', 'sourceTypeScope'];
const SOURCE_DATA_SORT = ['id', 'sourceDataType', 'sourceDataName', 'processingState', 'keySchema', 'valueSchema', 'topic', 'frequency', 'unit',
  'enabled', 'sourceType.id', 'sourceType.producer', 'sourceType.model'];
const typeLabel = '"<producer> <model> <catalogVersion>"';

export const CATALOGUE_DOCS: OperationTable = {
  'GET /api/source-types': {
    tag: 'Source types', summary: 'List source types', access: scope('SOURCETYPE.READ'), query: pageable(2000, SOURCE_TYPE_SORT),
    success: paged('SourceTypeDTO', 'One page of full source types (with their source data)'),
  },
  'POST /api/source-types': {
    tag: 'Source types', summary: 'Create a source type', description: 'sourceData items are created with it.',
    access: scope('SOURCETYPE.CREATE'), body: json(ref('SourceTypeDTO')),
    success: created(ref('SourceTypeDTO'), `Created; alert managementPortalApp.sourceType.created with ${typeLabel}`),
    errors: { 400: 'Field errors, or idexists', 409: 'error.sourceTypeExists' },
  },
  'PUT /api/source-types': {
    tag: 'Source types', summary: 'Update a source type', description: 'Without id it creates (and needs SOURCETYPE.CREATE).',
    access: scope('SOURCETYPE.UPDATE'), body: json(ref('SourceTypeDTO')),
    success: ok(ref('SourceTypeDTO'), 'Saved', ['alert']), errors: { 400: 'Field errors', 404: 'error.sourceTypeNotFound', 409: 'error.sourceTypeExists' },
  },
  'GET /api/source-types/{producer}': {
    tag: 'Source types', summary: 'Source types of a producer', access: scope('SOURCETYPE.READ'), pathParams: { producer: 'e.g. Empatica' },
    success: list('SourceTypeDTO', 'Reduced source types, every model and version'),
  },
  'GET /api/source-types/{producer}/{model}': {
    tag: 'Source types', summary: 'Versions of a source type model', access: scope('SOURCETYPE.READ'),
    success: list('SourceTypeDTO', 'Reduced source types, every version'),
  },
  'GET /api/source-types/{producer}/{model}/{version}': {
    tag: 'Source types', summary: 'One source type', access: scope('SOURCETYPE.READ'), pathParams: { version: 'The catalog version' },
    success: ok(ref('SourceTypeDTO'), 'The full source type'), errors: { 404: 'error.sourceTypeNotFound' },
  },
  'DELETE /api/source-types/{producer}/{model}/{version}': {
    tag: 'Source types', summary: 'Delete a source type', description: 'Its source data go with it.', access: scope('SOURCETYPE.DELETE'),
    success: ok(undefined, 'Deleted', ['alert']), errors: { 403: 'error.sourceTypeInUse: projects still include it', 404: 'error.sourceTypeNotFound' },
  },

  'GET /api/source-data': {
    tag: 'Source data', summary: 'List source data', access: scope('SOURCEDATA.READ'), query: pageable(2000, SOURCE_DATA_SORT),
    success: paged('SourceDataDTO', 'One page, each with its minimal source type'),
  },
  'POST /api/source-data': {
    tag: 'Source data', summary: 'Create source data', description: 'Needs sourceDataType or topic.', access: scope('SOURCEDATA.CREATE'), body: json(ref('SourceDataDTO')),
    success: created(ref('SourceDataDTO'), 'Created; alert managementPortalApp.sourceData.created'),
    errors: { 400: 'Field errors, or idexists', 409: 'error.sourceDataNameAvailable' },
  },
  'PUT /api/source-data': {
    tag: 'Source data', summary: 'Update source data', description: 'Without id it creates (and needs SOURCEDATA.CREATE).', access: scope('SOURCEDATA.UPDATE'),
    body: json(ref('SourceDataDTO')), success: ok(ref('SourceDataDTO'), 'Saved', ['alert']),
    errors: { 400: 'Field errors', 404: 'No such source data', 409: 'error.sourceDataNameAvailable' },
  },
  'GET /api/source-data/{name}': {
    tag: 'Source data', summary: 'One source data', access: scope('SOURCEDATA.READ'), pathParams: { name: 'The source data name' },
    success: ok(ref('SourceDataDTO'), 'The source data'), errors: { 404: '404 NOT_FOUND' },
  },
  'DELETE /api/source-data/{name}': {
    tag: 'Source data', summary: 'Delete source data', access: scope('SOURCEDATA.DELETE'),
    success: ok(undefined, 'Deleted', ['alert']), errors: { 404: 'Empty body: no such source data' },
  },
};
