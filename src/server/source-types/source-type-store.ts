// Reading one source type (full DTO) and the errors its routes answer (docs/catalogue.md).
import type { SourceTypeDTO } from '../../common/dto';
import type { Queryable } from '../db/database';
import { apiError } from '../http/errors';
import { sourceTypeNotFound } from '../http/not-found';
import { fullSourceTypes, SOURCE_TYPE_COLUMNS, type SourceTypeRow } from './source-type-dto';

export interface TypeKey {
  producer: string;
  model: string;
  catalogVersion: string;
}

export const typeLabel = (k: TypeKey) => `${k.producer} ${k.model} ${k.catalogVersion}`;

/** The shared 404 of a source type, named `producer-model-version`. */
export const typeNotFound = (k: TypeKey) => sourceTypeNotFound(`${k.producer}-${k.model}-${k.catalogVersion}`);

export const sourceTypeExists = (k: TypeKey) =>
  apiError(409, 'error.sourceTypeExists', 'sourceType', 'A source type with the specified producer, model and version already exists', {
    message: 'A source type with the specified producer, model and version already exists',
    producer: k.producer,
    model: k.model,
    catalogVersion: k.catalogVersion,
  });

export async function loadSourceTypeRow(db: Queryable, k: TypeKey): Promise<SourceTypeRow | undefined> {
  const rows = await db.query<SourceTypeRow>(
    `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3`,
    [k.producer, k.model, k.catalogVersion],
  );
  return rows[0];
}

export async function loadSourceTypeById(db: Queryable, id: number): Promise<SourceTypeDTO | undefined> {
  const rows = await db.query<SourceTypeRow>(`SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type WHERE id = $1`, [id]);
  return rows.length ? (await fullSourceTypes(db, rows))[0] : undefined;
}
