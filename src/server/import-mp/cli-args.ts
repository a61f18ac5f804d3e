// The import command's arguments: --from URL (or MP_DATABASE_URL), --dry-run, --json. Without a source, a portal
// that shares ManagementPortal's database (docs/deploy.md) reads it from its own DATABASE_URL, schema `public`: what
// `docker exec <container> import-mp` does in a deployment that took MP's place.

const USAGE = 'usage: npm run import-mp -- --from postgres://user:password@host:5432/managementportal [--dry-run] [--json]\n' +
  '       (or set MP_DATABASE_URL instead of --from; in a portal that shares ManagementPortal\'s database, neither:\n' +
  '       its tables are read from schema public of DATABASE_URL)';

export interface Args {
  from: string;
  dryRun: boolean;
  json: boolean;
  /** Set when `from` is the server's own database: ManagementPortal's tables are read from its schema `public`. */
  sameDatabase?: true;
}

/** `serverDatabaseUrl`: the portal's own PostgreSQL database (DATABASE_URL or MP's datasource), the default source. */
export function parseImportArgs(argv: string[], env: NodeJS.ProcessEnv = process.env, serverDatabaseUrl?: string): Args {
  const args: Partial<Args> = { dryRun: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--from') args.from = inline ?? argv[++i];
    else if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--json') args.json = true;
    else throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
  }
  args.from ??= env.MP_DATABASE_URL?.trim() || undefined;
  if (args.from === undefined && serverDatabaseUrl) Object.assign(args, { from: serverDatabaseUrl, sameDatabase: true });
  if (!args.from || !/^postgres(ql)?:\/\//.test(args.from)) throw new Error(`--from (or MP_DATABASE_URL) needs a postgres:// URL of the ManagementPortal database\n${USAGE}`);
  return args as Args;
}
