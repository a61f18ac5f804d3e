// Project dates: edited as yyyy-mm-dd, sent as that day at 00:00 (start) or 23:59 (end) with no zone,
// which the server reads as UTC, and read back as dates. Reading takes the calendar day as written on the wire, so a
// project ending at 23:59 UTC does not show as ending the next day east of Greenwich.

const DAY = /^(\d{4}-\d{2}-\d{2})/;

/** `2024-03-01T00:00:00.000Z` -> `2024-03-01`; '' for none or anything unreadable. */
export function dayOf(wire: string | null | undefined): string {
  return (wire && DAY.exec(wire)?.[1]) || '';
}

export const startDateTime = (day: string): string | undefined => (day ? `${day}T00:00` : undefined);

export const endDateTime = (day: string): string | undefined => (day ? `${day}T23:59` : undefined);
