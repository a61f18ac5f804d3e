// The logger filter: split on spaces; every term must be contained in the name, ignoring case.
export interface LoggerVM {
  name: string;
  level: string;
}

export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const NAME_LIMIT = 140;

export function matchesFilter(name: string, filter: string): boolean {
  const terms = filter.toLowerCase().split(' ').filter(Boolean);
  const lower = name.toLowerCase();
  return terms.every((term) => lower.includes(term));
}

export function shortName(name: string): string {
  return name.length > NAME_LIMIT ? `${name.slice(0, NAME_LIMIT)}…` : name;
}
