// JSON values from the embedded database's thread (pglite-worker.ts) to the server's (pglite-thread.ts) as text:
// parsing them there, and copying the parsed objects across, cost the one thread that runs every statement about a
// fifth of its time under load; the server's thread parses them instead. A value travels with a leading NUL, which no
// PostgreSQL text can contain, so nothing else starts with it.

/** A JSON value's text, marked. */
export const markJson = (text: string): string => `\0${text}`;

/** The rows with each marked value parsed, in place. */
export function parseMarkedJson(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const key in row) {
      const value = row[key];
      if (typeof value === 'string' && value.charCodeAt(0) === 0) row[key] = JSON.parse(value.slice(1));
    }
  }
  return rows;
}
