// One import: read the ManagementPortal database, then write everything into the portal's database in ONE
// transaction, entity by entity in dependency order. The transaction is rolled back, leaving the portal exactly as
// it was, when the run is a dry run, when it finds a conflict, or on any error; otherwise it commits. A dry run
// thus does all the work a real run does and prints the same report.
import type { Database } from '../db/database';
import { portalIsFresh, type ImportContext } from './context';
import { ImportMap } from './import-map';
import { importMetaTokens } from './meta-tokens';
import type { MpData } from './mp-model';
import { importOAuthClients } from './oauth-clients';
import { importOrganizations } from './organizations';
import { importGroups, importProjects } from './projects';
import { readMp } from './read-mp';
import { ImportReport, type Entity } from './report';
import { importSourceData, importSourceTypes } from './source-types';
import { importSources } from './sources';
import { importSubjects } from './subjects';
import { importUsers, type UserOutcome } from './users';

export interface ImportOptions {
  dryRun?: boolean;
  progress?: (text: string) => void;
  /** Called after each entity is written, inside the transaction (tests use it to fail half-way). */
  afterEntity?: (entity: Entity) => void | Promise<void>;
}

class RollBack extends Error {}

export async function writeImport(target: Database, data: MpData, options: ImportOptions = {}): Promise<ImportReport> {
  const report = new ImportReport();
  report.features = data.features;
  report.dryRun = options.dryRun === true;
  const progress = options.progress ?? (() => {});
  const started = performance.now();
  try {
    await target.transaction(async (tx) => {
      await tx.query("SET LOCAL TIME ZONE 'UTC'");
      const map = await ImportMap.load(tx);
      const ctx: ImportContext = { tx, map, report, fresh: await portalIsFresh(tx, map), subjectIds: new Map(), progress };
      const step = async (entity: Entity, run: () => Promise<void>) => {
        progress(`${entity}...`);
        await run();
        await options.afterEntity?.(entity);
      };
      await step('organizations', () => importOrganizations(ctx, data.organizations));
      await step('source types', () => importSourceTypes(ctx, data.sourceTypes));
      await step('source data', () => importSourceData(ctx, data.sourceData));
      await step('projects', () => importProjects(ctx, data.projects));
      await step('groups', () => importGroups(ctx, data.groups));
      const subjectUserIds = new Set(data.subjects.map((s) => s.userId));
      let userOutcomes = new Map<number, UserOutcome>();
      await step('users', async () => {
        userOutcomes = await importUsers(ctx, data.users, subjectUserIds);
      });
      await step('subjects', () => importSubjects(ctx, data.subjects, data.users, userOutcomes));
      await step('sources', () => importSources(ctx, data.sources));
      await step('oauth clients', () => importOAuthClients(ctx, data.clients));
      await step('meta-tokens', () => importMetaTokens(ctx, data.metaTokens));
      await map.flush(tx);
      if (report.conflicts.length || report.dryRun) throw new RollBack();
      progress('committing...');
    });
    report.written = true;
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  report.ms = performance.now() - started;
  return report;
}

/** Reads `source` (a ManagementPortal database) and imports it into `target`. */
export async function importFromMp(source: Database, target: Database, options: ImportOptions = {}): Promise<ImportReport> {
  options.progress?.('reading the ManagementPortal database...');
  const data = await readMp(source);
  options.progress?.(`read ${data.users.length} users, ${data.subjects.length} subjects, ${data.sources.length} sources`);
  return writeImport(target, data, options);
}
