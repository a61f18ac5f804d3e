// Which body fields are enums (names or ordinals accepted, common/schema.ts) follows ManagementPortal's request DTOs:
// the fields it types as Java enums are enums here; the ones it declares as free strings stay strings, so a number
// sent there is a type error, not an ordinal.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMPONENT_SCHEMAS } from '../../../src/common/schemas';
import { buildRouter } from '../../../src/server/app';

const entries = buildRouter().routeTable().map((r) => r.entry);

const fieldType = (dto: string, field: string) => {
  const schema = COMPONENT_SCHEMAS[dto];
  return schema?.type === 'object' ? schema.properties[field]?.type : undefined;
};

test('the fields ManagementPortal\'s request DTOs type as enums are enums here; its free strings stay strings', () => {
  // SubjectStatus and ProjectStatus there; POST api/subjects and PUT api/projects take ordinals
  // (test/server/generated/malformed-input.test.ts, projects-write.test.ts).
  assert.is(fieldType('SubjectDTO', 'status'), 'enum');
  assert.is(fieldType('ProjectDTO', 'projectStatus'), 'enum');
  // Declared String there (conventional values only; any string is stored).
  assert.is(fieldType('SourceTypeDTO', 'sourceTypeScope'), 'string');
  assert.is(fieldType('SourceDataDTO', 'processingState'), 'string');
  // RoleDTO names its authority by a string (parsed case-insensitively); AuthorityDTO (an enum scope) is never a body.
  assert.is(fieldType('RoleDTO', 'authorityName'), 'string');
  assert.not.ok(entries.some((e) => e.body && 'schema' in e.body && e.body.schema.type === 'ref' && e.body.schema.name === 'AuthorityDTO'));
});

test.run();
