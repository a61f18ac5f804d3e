// How the server's commands (seed, reset-2fa) end: a locked data directory or a bad setting is a one-line message and
// its exit code (3 and 2, as at start-up), anything else its message and 1.
import { ConfigError } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

export function runCommand(main: () => Promise<void>): void {
  main().catch((error) => {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(error instanceof DataDirLockedError ? 3 : 2);
    }
    console.error(error instanceof Error && !('code' in error) ? error.message : error);
    process.exit(1);
  });
}
