// The catalogue server's answer (docs/catalogue.md) turned into source types to create: the entries of the four
// arrays, `vendor`→producer, `version`→catalogVersion, `doc`→description, `scope`→sourceTypeScope, and one source-data
// row per `data` item with a `type`, named `<producer>_<model>_<version>_<type>`. Entries lacking vendor, model or
// version are skipped, as the original does. Everything else passes the same rules as a source type sent to
// api/source-types, so an imported type can be edited in the UI afterwards; an entry that fails them is left out
// whole (never a type without some of its rows).
import { HttpError } from '../http/errors';
import { checkedSourceType, type SourceTypeInput } from './source-type-input';

const CATALOGUE_ARRAYS = ['passive-source-types', 'active-source-types', 'monitor-source-types', 'connector-source-types'] as const;

/** The column width of source_type.description: a longer `doc` is cut rather than losing the whole type. */
const DESCRIPTION_MAX = 255;

export type CatalogueEntry =
  | { kind: 'type'; label: string; type: SourceTypeInput }
  | { kind: 'incomplete'; label: string }
  | { kind: 'invalid'; label: string; problem: string };

/** The catalogue cannot be used at all: no answer, an error answer, or not the catalogue's shape (nothing is imported). */
export class CatalogueError extends Error {}

class EntryProblem extends Error {}

type Body = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text value as the original's JSON binding reads it: strings as they are, numbers and booleans as text. */
function text(body: Body, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new EntryProblem(`"${field}" must be text`);
}

/** Java's Double.toString for the frequency (the original stores `32.0` for 32). */
function frequencyText(sampleRate: unknown): string | null {
  if (sampleRate === undefined || sampleRate === null) return null;
  if (!isPlainObject(sampleRate)) throw new EntryProblem('"sample_rate" must be an object');
  const raw = sampleRate.frequency;
  if (raw === undefined || raw === null) return null;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new EntryProblem('"sample_rate.frequency" must be a number');
  return Number.isInteger(value) && Math.abs(value) < 1e7 ? value.toFixed(1) : String(value);
}

function sourceDataOf(item: unknown, prefix: string): Body | undefined {
  if (!isPlainObject(item)) throw new EntryProblem('each "data" item must be an object');
  const type = text(item, 'type');
  if (!type?.trim()) return undefined; // only items with a type become rows
  return {
    sourceDataType: type,
    sourceDataName: `${prefix}_${type}`,
    frequency: frequencyText(item.sample_rate),
    unit: text(item, 'unit'),
    topic: text(item, 'topic'),
    keySchema: text(item, 'key_schema'),
    valueSchema: text(item, 'value_schema'),
    processingState: text(item, 'processing_state'),
    provider: text(item, 'app_provider'),
    enabled: true,
  };
}

function fieldProblems(error: HttpError): string {
  const fieldErrors = (error.body as { fieldErrors?: { field: string; message: string }[] } | null)?.fieldErrors ?? [];
  return fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ') || error.message;
}

function entryOf(raw: unknown): CatalogueEntry {
  if (!isPlainObject(raw)) return { kind: 'invalid', label: JSON.stringify(raw)?.slice(0, 80) ?? '?', problem: 'not an object' };
  const label = [raw.vendor, raw.model, raw.version].map((v) => (v === undefined || v === null ? '?' : String(v))).join(' ');
  try {
    const producer = text(raw, 'vendor');
    const model = text(raw, 'model');
    const version = text(raw, 'version');
    if (!producer?.trim() || !model?.trim() || !version?.trim()) return { kind: 'incomplete', label };
    const data = raw.data ?? [];
    if (!Array.isArray(data)) throw new EntryProblem('"data" must be a list');
    const prefix = `${producer}_${model}_${version}`;
    const description = text(raw, 'doc');
    const dto = {
      producer,
      model,
      catalogVersion: version,
      sourceTypeScope: text(raw, 'scope'),
      canRegisterDynamically: false,
      name: text(raw, 'name'),
      description: description && description.length > DESCRIPTION_MAX ? description.slice(0, DESCRIPTION_MAX) : description,
      assessmentType: text(raw, 'assessment_type'),
      appProvider: text(raw, 'app_provider'),
      sourceData: data.map((item) => sourceDataOf(item, prefix)).filter((row) => row !== undefined),
    };
    return { kind: 'type', label, type: checkedSourceType(dto) };
  } catch (error) {
    if (error instanceof EntryProblem) return { kind: 'invalid', label, problem: error.message };
    if (error instanceof HttpError) return { kind: 'invalid', label, problem: fieldProblems(error) };
    throw error;
  }
}

/** The entries of a catalogue answer, in catalogue order; a CatalogueError when it is not a catalogue. */
export function catalogueEntries(body: unknown): CatalogueEntry[] {
  if (!isPlainObject(body)) throw new CatalogueError('the answer is not a JSON object');
  const entries: CatalogueEntry[] = [];
  for (const key of CATALOGUE_ARRAYS) {
    const list = body[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) throw new CatalogueError(`"${key}" is not a list`);
    entries.push(...list.map(entryOf));
  }
  return entries;
}
