// ISO-8601 durations as Java's Duration.parse reads them (`PT1H`, `P31D`, `P1DT12H30M`, `PT0.5S`), for the meta-token
// lifetimes (docs/oauth.md, Pairing). Years and months have no fixed length, so, as in Java, they are not accepted.
const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/i;

/** Milliseconds, or undefined when `raw` is not a duration this parser understands (or is zero). */
export function parseIsoDuration(raw: string): number | undefined {
  const match = DURATION.exec(raw.trim());
  if (!match || raw.trim().toUpperCase() === 'P' || /T$/i.test(raw.trim())) return undefined;
  const [, days, hours, minutes, seconds] = match;
  const ms =
    Number(days ?? 0) * 86_400_000 + Number(hours ?? 0) * 3_600_000 + Number(minutes ?? 0) * 60_000 + Math.round(Number(seconds ?? 0) * 1000);
  return ms > 0 ? ms : undefined;
}

const DEFAULT_META_TOKEN_TIMEOUT_MS = 3_600_000;
const DEFAULT_PERSISTENT_META_TOKEN_TIMEOUT_MS = 31 * 86_400_000;

/** `oauth.metaTokenTimeout`: unset, empty or unparsable → one hour. */
export function metaTokenTimeoutMs(raw: string | undefined): number {
  return (raw && parseIsoDuration(raw)) || DEFAULT_META_TOKEN_TIMEOUT_MS;
}

/** `oauth.persistentMetaTokenTimeout`: unset → 31 days; empty → null (persistent tokens disabled); unparsable → 31 days. */
export function persistentMetaTokenTimeoutMs(raw: string | undefined): number | null {
  if (raw === undefined) return DEFAULT_PERSISTENT_META_TOKEN_TIMEOUT_MS;
  if (raw.trim() === '') return null;
  return parseIsoDuration(raw) ?? DEFAULT_PERSISTENT_META_TOKEN_TIMEOUT_MS;
}
