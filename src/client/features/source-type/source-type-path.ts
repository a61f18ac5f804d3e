// A source type is named by its (producer, model, catalogVersion) in routes, API paths and labels.
import type { SourceTypeDTO } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';

export interface SourceTypeKey {
  producer: string;
  model: string;
  catalogVersion: string;
}

/** `source-type/{producer}/{model}/{catalogVersion}` plus optional trailing segments (`edit`, `delete`). */
export const sourceTypePath = (key: SourceTypeKey, ...rest: string[]) =>
  pathOf('source-type', key.producer, key.model, key.catalogVersion, ...rest);

export const sourceTypeApiPath = (key: SourceTypeKey) => `api/source-types/${pathOf(key.producer, key.model, key.catalogVersion)}`;

/** The route params of a source-type page or popup, as a key (undefined on source-type-new). */
export function keyFromParams(params: Record<string, string>): SourceTypeKey | undefined {
  const { sourceTypeProducer: producer, sourceTypeModel: model, catalogVersion } = params;
  return producer === undefined || model === undefined || catalogVersion === undefined ? undefined : { producer, model, catalogVersion };
}

export const sameType = (a: SourceTypeKey, b: SourceTypeKey) =>
  a.producer === b.producer && a.model === b.model && a.catalogVersion === b.catalogVersion;

export const typeLabel = (type: SourceTypeKey) => `${type.producer} ${type.model} ${type.catalogVersion}`;

export type { SourceTypeDTO };
