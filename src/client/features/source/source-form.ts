// The source dialog's model: the form values, their rules (the server's SOURCE_RULES for the names,
// a source type and a project required) and the SourceDTO a save sends. The type and sourceId are the server's to
// keep on an edit; assignment happens through the subject, so `assigned` is sent back as it was.
import type { Attributes, SourceDTO } from '../../../common/dto';
import type { RuleSet } from '../../../common/validation';
import { SOURCE_RULES } from '../../../common/validation-rules';

export interface SourceForm extends Record<string, unknown> {
  sourceName: string;
  expectedSourceName: string;
  sourceTypeId: string;
  projectName: string;
  attributes: Attributes;
}

export const SOURCE_FORM_RULES: RuleSet = {
  objectName: 'sourceDTO',
  fields: {
    sourceName: SOURCE_RULES.fields.sourceName,
    expectedSourceName: SOURCE_RULES.fields.expectedSourceName,
    sourceTypeId: { required: true },
    projectName: { required: true },
  },
};

/** Attribute keys the dictionary editor offers: what the platform's apps and staff note about a device. */
export const SOURCE_ATTRIBUTE_KEYS = ['serialNumber', 'firmwareVersion', 'hardwareVersion', 'appVersion', 'operatingSystem', 'location'];

export const emptySourceForm = (projectName = ''): SourceForm => ({
  sourceName: '',
  expectedSourceName: '',
  sourceTypeId: '',
  projectName,
  attributes: {},
});

export const formOf = (source: SourceDTO): SourceForm => ({
  sourceName: source.sourceName,
  expectedSourceName: source.expectedSourceName ?? '',
  sourceTypeId: source.sourceType?.id !== undefined ? String(source.sourceType.id) : '',
  projectName: source.project?.projectName ?? '',
  attributes: { ...(source.attributes ?? {}) },
});

export function sourceBody(values: SourceForm, stored: SourceDTO | null): Partial<SourceDTO> {
  return {
    ...(stored ?? {}),
    sourceName: values.sourceName.trim(),
    expectedSourceName: values.expectedSourceName.trim() || null,
    assigned: stored?.assigned ?? false,
    sourceType: { ...(stored?.sourceType ?? {}), id: Number(values.sourceTypeId) } as SourceDTO['sourceType'],
    // The server looks the project up by name; a stale id from the stored DTO must not win.
    project: { projectName: values.projectName } as SourceDTO['project'],
    attributes: values.attributes,
  };
}
