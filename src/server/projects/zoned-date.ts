// ZonedDateTime input (api.md §1.2, §1.3): `yyyy-MM-dd`, optionally `T` + `HH:mm[:ss[.fraction]]`, optionally an
// offset (`Z`, `+01:00`, `+0100`), optionally a region in brackets (`[Europe/Amsterdam]`); missing time parts are 0
// and a missing zone is UTC. The web client sends project dates as `2024-03-01T00:00`. Numbers are epoch seconds
// (Jackson's default). Answers the instant, null for null/absent, undefined when the value cannot be read.
const ZONED = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(:\d{2})?(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?(?:\[([^\]]+)\])?$/;

/** Milliseconds the zone is ahead of UTC at `instant`. Throws RangeError for an unknown zone. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function inRegion(local: number, timeZone: string): number | undefined {
  try {
    const first = local - zoneOffset(local, timeZone);
    return local - zoneOffset(first, timeZone); // once more, for instants near a daylight-saving change
  } catch {
    return undefined;
  }
}

export function parseZoned(value: unknown): Date | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value * 1000) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = ZONED.exec(value.trim());
  if (!m) return undefined;
  const [, day, hm = '00:00', sec = ':00', fraction = '', offset, region] = m;
  const local = `${day}T${hm}${sec}${fraction.slice(0, 4)}`;
  let instant: number | undefined;
  if (offset) instant = Date.parse(local + (offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')));
  else if (region) instant = inRegion(Date.parse(`${local}Z`), region);
  else instant = Date.parse(`${local}Z`);
  return instant === undefined || Number.isNaN(instant) ? undefined : new Date(instant);
}
