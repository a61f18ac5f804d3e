// Date display in the portal's fixed formats: dd/MM/yy HH:mm in lists, yyyy-MM-dd for
// calendar dates, yyyy-MM-dd HH:mm for enrollment and created dates. Written out by hand rather than with Intl so
// the formats do not drift with the browser's locale. Times show in the browser's time zone.

export type DateLike = string | number | Date | null | undefined;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A Date for a wire value, or null. A bare calendar date (`2024-03-01`) is that day in local time: parsed as UTC
 * midnight it would show as the previous day west of Greenwich.
 */
export function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value);
    if (day) return isIsoDate(value) ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** True for a real calendar date written yyyy-mm-dd (`2023-02-29` is not one). */
export function isIsoDate(text: string): boolean {
  const day = CALENDAR_DATE.exec(text);
  if (!day) return false;
  const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const probe = new Date(year, month - 1, date);
  return probe.getFullYear() === year && probe.getMonth() === month - 1 && probe.getDate() === date;
}

/** `dd/MM/yy HH:mm`, e.g. 05/03/24 14:07; '' for no date. */
export function formatShortDateTime(value: DateLike): string {
  const d = toDate(value);
  if (!d) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear() % 100)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `yyyy-MM-dd`; '' for no date. */
export function formatDate(value: DateLike): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `yyyy-MM-dd HH:mm`; '' for no date. */
export function formatDateTime(value: DateLike): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}
