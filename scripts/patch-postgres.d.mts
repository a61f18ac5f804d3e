/** postgres.js's folder in this checkout's node_modules (scripts/patch-postgres.mjs). */
export function postgresPackageDir(root?: string): string;
/** The package's files that carry the pool, relative to its folder. */
export const POOL_FILES: string[];
/** The pool's text mended (already mended text unchanged); throws when the text is not the one the edits are for. */
export function mend(text: string, file?: string): string;
export function isMended(text: string): boolean;
