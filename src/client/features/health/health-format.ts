// Health values for display: disk-space byte counts in GB above 1 GiB, otherwise MB, 2 decimals.
export const GB_THRESHOLD = 1073741824;
const MB = 1048576;

export function formatDiskSpace(bytes: number): string {
  return bytes > GB_THRESHOLD ? `${(bytes / GB_THRESHOLD).toFixed(2)} GB` : `${(bytes / MB).toFixed(2)} MB`;
}

/** A detail value: numbers of the disk-space component as sizes, objects as JSON, the rest as text. */
export function formatDetail(component: string, value: unknown): string {
  if (component === 'diskSpace' && typeof value === 'number') return formatDiskSpace(value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
