// The import command's arguments: --from URL (or MP_DATABASE_URL), --dry-run, --json.

const USAGE = 'usage: npm run import-mp -- --from postgres://user:password@host:5432/managementportal [--dry-run] [--json]\n' +
  '       (or set MP_DATABASE_URL instead of --from)';

export interface Args {
  from: string;
  dryRun: boolean;
  json: boolean;
}

export function parseImportArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Args {
  const args: Partial<Args> = { dryRun: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === '--from') args.from = inline ?? argv[++i];
    else if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--json') args.json = true;
    else throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
  }
  args.from ??= env.MP_DATABASE_URL?.trim() || undefined;
  if (!args.from || !/^postgres(ql)?:\/\//.test(args.from)) throw new Error(`--from (or MP_DATABASE_URL) needs a postgres:// URL of the ManagementPortal database\n${USAGE}`);
  return args as Args;
}
