// The requests of the load benchmark (bench/load.ts), shared with its generator processes (bench/load-generator.ts).

export interface Fixture {
  token: string;
  projectId: number;
  /** Subjects the update half of the writes changes: client c updates only those with index % clients == c. */
  subjects: { id: number; login: string }[];
}

export type Call = {
  method: string;
  path: string;
  body?: unknown;
  /** An application/x-www-form-urlencoded body instead of JSON, sent with HTTP Basic client credentials. */
  form?: string;
  basic?: string;
};

/** The seven kinds of request of the mixed workload, with their shares (70 % reads, 30 % writes). */
export const KINDS = ['subject page', 'subject detail', 'projects', 'account', 'user page', 'subject create', 'subject update'] as const;
export const SHARES = [0.14, 0.14, 0.14, 0.14, 0.14, 0.15, 0.15];

export function kindCall(fixture: Fixture, label: string, kind: number, c: number, n: number, clients: number): Call {
  const radar = { id: fixture.projectId, projectName: 'radar' };
  // Client c updates only its own subjects, those at c, c + clients, c + 2 × clients, ... (no two clients write one row).
  const own = Math.max(1, Math.ceil((fixture.subjects.length - c) / clients));
  const subject = fixture.subjects[(c + (n % own) * clients) % fixture.subjects.length];
  switch (KINDS[kind]) {
    case 'subject page': return { method: 'GET', path: '/api/projects/radar/subjects?size=20&sort=login,asc' };
    case 'subject detail': return { method: 'GET', path: `/api/subjects/${subject.login}` };
    case 'projects': return { method: 'GET', path: '/api/projects' };
    case 'account': return { method: 'GET', path: '/api/account' };
    case 'user page': return { method: 'GET', path: '/api/users?size=20' };
    case 'subject create':
      return { method: 'POST', path: '/api/subjects', body: { login: `load-${label}-${c}-${n}`, externalId: `L-${label}-${c}-${n}`, project: radar, attributes: { site: 'bench' } } };
    default:
      return { method: 'PUT', path: '/api/subjects', body: { id: subject.id, login: subject.login, project: radar, personName: `Person ${c} ${n}` } };
  }
}
