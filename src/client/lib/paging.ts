// Reading the paging headers of classic server-paged lists.

/**
 * Parses a `Link` header into `{ next: 2, last: 5, first: 0 }`. Entries are split like the original client does
 * (on `,\s*<` and `;`); only the `page` query value is read. Malformed entries are skipped instead of throwing.
 */
export function parseLinkHeader(header: string | null | undefined): Record<string, number> {
  const links: Record<string, number> = {};
  if (!header) return links;
  for (const entry of header.split(/,\s*</)) {
    const parts = entry.split(';');
    if (parts.length !== 2) continue;
    const url = parts[0].replace(/<(.*)>/, '$1').trim();
    const rel = /rel="?([^"]*)"?/.exec(parts[1])?.[1]?.trim();
    const queryStart = url.indexOf('?');
    if (!rel || queryStart < 0) continue;
    const page = new URLSearchParams(url.slice(queryStart + 1)).get('page');
    const pageNumber = page === null ? NaN : Number.parseInt(page, 10);
    if (!Number.isNaN(pageNumber)) links[rel] = pageNumber;
  }
  return links;
}

/** `X-Total-Count` as a number, or undefined when absent or not a number. */
export function readTotalCount(headers: Headers): number | undefined {
  const raw = headers.get('X-Total-Count');
  if (raw === null || raw.trim() === '') return undefined;
  const total = Number(raw);
  return Number.isFinite(total) ? total : undefined;
}

export interface Paging {
  total: number | undefined;
  links: Record<string, number>;
}

export function readPaging(headers: Headers): Paging {
  return { total: readTotalCount(headers), links: parseLinkHeader(headers.get('Link')) };
}
