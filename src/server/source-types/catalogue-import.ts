// CATALOGUE_AUTO_IMPORT (docs/catalogue.md): at start-up the catalogue server's source types that the database lacks are
// created with their source data, recorded as one revision by `system`. A catalogue that is down, slow (the request
// and its body are bounded by one timeout), or answers something else than a catalogue is logged and changes
// nothing; the server starts regardless. All writes are one transaction under an advisory lock, so processes
// starting together import each type once: whoever comes second finds it present and skips it.
import { recordSecurityEvent } from '../audit/security-events';
import type { Database, Queryable } from '../db/database';
import type { Logger } from '../log';
import { recordRevision, type EntityChange } from '../revisions/record';
import { insertSourceData, loadSourceData } from '../source-data/source-data-store';
import { catalogueEntries, CatalogueError, type CatalogueEntry } from './catalogue-entries';
import type { SourceTypeInput } from './source-type-input';
import { loadSourceTypeById } from './source-type-store';

/** Advisory lock key of the import (any constant shared by every process of this application). */
export const CATALOGUE_LOCK = 727000051;
const CATALOGUE_TIMEOUT_MS = 10_000;

interface CatalogueImportResult {
  /** `producer model version` of each type created. */
  imported: string[];
  present: number;
  incomplete: number;
  invalid: number;
  /** Why nothing was imported at all (no answer, not a catalogue, a database error). */
  failure?: string;
}

function reasonOf(error: unknown, timeoutMs: number): string {
  const e = error as Error & { cause?: Error };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return e.cause?.message ? `${e.message} (${e.cause.message})` : e.message;
}

async function fetchCatalogue(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  let body: string;
  try {
    // One signal for the request and the body: a server that answers headers and then trickles is cut off too.
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    body = await response.text();
  } catch (error) {
    throw new CatalogueError(reasonOf(error, timeoutMs));
  }
  if (!response.ok) throw new CatalogueError(`it answered HTTP ${response.status}`);
  try {
    return JSON.parse(body);
  } catch {
    throw new CatalogueError('the answer is not JSON');
  }
}

async function insertType(tx: Queryable, t: SourceTypeInput): Promise<EntityChange[]> {
  const [{ id }] = await tx.query<{ id: number }>(
    `INSERT INTO source_type (producer, model, catalog_version, source_type_scope, dynamic_registration, name, description, assessment_type, app_provider)
     VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8) RETURNING id`,
    [t.producer, t.model, t.catalogVersion, t.sourceTypeScope, t.name, t.description, t.assessmentType, t.appProvider],
  );
  const changes: EntityChange[] = [];
  for (const d of t.sourceData ?? []) {
    const rowId = await insertSourceData(tx, d, id);
    changes.push({ kind: 'sourcedata', id: rowId, key: d.sourceDataName, type: 'ADD', snapshot: await loadSourceData(tx, 'sd.id = $1', rowId) });
  }
  changes.unshift({ kind: 'sourcetype', id, key: `${t.producer}_${t.model}_${t.catalogVersion}`, type: 'ADD', snapshot: await loadSourceTypeById(tx, id) });
  return changes;
}

/** Writes the entries the database lacks; an entry whose row names are taken by other rows is left out whole. */
async function writeEntries(db: Database, entries: CatalogueEntry[], result: CatalogueImportResult, log: Logger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [CATALOGUE_LOCK]);
    const changes: EntityChange[] = [];
    for (const entry of entries) {
      if (entry.kind !== 'type') continue;
      const t = entry.type;
      const present = await tx.query('SELECT 1 FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3', [t.producer, t.model, t.catalogVersion]);
      if (present.length) {
        result.present++;
        continue;
      }
      const names = (t.sourceData ?? []).map((d) => d.sourceDataName);
      const taken = await tx.query<{ source_data_name: string }>('SELECT source_data_name FROM source_data WHERE source_data_name = ANY($1::text[])', [names]);
      if (taken.length) {
        result.invalid++;
        log.warn(`catalogue source type ${entry.label} skipped: source data name(s) already in use: ${taken.map((r) => r.source_data_name).join(', ')}`);
        continue;
      }
      changes.push(...(await insertType(tx, t)));
      result.imported.push(entry.label);
    }
    if (changes.length) await recordRevision(tx, 'system', changes);
  });
}

export async function importCatalogue(db: Database, url: string, log: Logger, timeoutMs = CATALOGUE_TIMEOUT_MS): Promise<CatalogueImportResult> {
  const result: CatalogueImportResult = { imported: [], present: 0, incomplete: 0, invalid: 0 };
  let entries: CatalogueEntry[];
  try {
    entries = catalogueEntries(await fetchCatalogue(url, timeoutMs));
  } catch (error) {
    result.failure = error instanceof CatalogueError ? error.message : `unexpected error: ${(error as Error).message}`;
    log.warn(`source types were not imported from the catalogue server ${url}: ${result.failure}`);
    return result;
  }
  for (const entry of entries) {
    if (entry.kind === 'incomplete') {
      result.incomplete++;
      log.warn(`catalogue source type ${entry.label} skipped: it lacks a vendor, model or version`);
    } else if (entry.kind === 'invalid') {
      result.invalid++;
      log.warn(`catalogue source type ${entry.label} skipped: ${entry.problem}`);
    }
  }
  try {
    await writeEntries(db, entries, result, log);
    await recordSecurityEvent(db, 'system', 'CATALOGUE_IMPORTED', { url, imported: result.imported.length, present: result.present });
  } catch (error) {
    result.failure = `database error: ${(error as Error).message}`;
    result.imported = [];
    log.error(`source types were not imported from the catalogue server ${url}; nothing was written`, error);
    return result;
  }
  log.info(`imported ${result.imported.length} source type(s) from the catalogue server ${url}` +
    `${result.imported.length ? ` (${result.imported.join(', ')})` : ''}; ${result.present} already present, ` +
    `${result.incomplete + result.invalid} skipped`);
  return result;
}
