// The audit page's default date range: one month back to tomorrow, as yyyy-MM-dd in local time.
const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultAuditRange(now = new Date()): { fromDate: string; toDate: string } {
  const from = new Date(now.getFullYear(), now.getMonth() - 1, now.getDate());
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { fromDate: isoDay(from), toDate: isoDay(to) };
}
