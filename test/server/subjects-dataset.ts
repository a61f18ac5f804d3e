// A varied, reproducible subject data set for the list tests (NULL, empty, duplicate and mixed-case external ids,
// LIKE metacharacters, moved subjects, groups, dates around a DST change), and two ways to walk a list: following
// the server's Link header, and the way the client does it (its own `last.*` cursor, '' for a missing external id).
import * as assert from 'uvu/assert';
import type { AsUser } from '../setup/auth';
import { createProjectRow } from '../setup/auth';
import { insertSubjects, type SubjectSpec } from '../setup/subjects';
import type { TestServer } from '../setup/server';
import type { OracleSubject } from './subjects-oracle';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTERNAL = [null, null, '', 'EXT-1', 'ext-1', 'Ext-2', 'EXT-10', 'ext_2', '100%', 'a_b', 'a\\b', 'Zeta', 'zeta', 'Ölçer', 'MID'];
const NAMES = [null, 'John Doe', 'jane DOE', 'Li Wei', 'johnny', 'Anna-Lena'];
const SPECIAL_LOGINS = ["o'neil", 'a.b@c.d', 'x_y', 'with space', 'sub-', '-dash'];
const ENROLLED = [null, '2024-03-30T23:00:00.000Z', '2024-03-31T00:00:00.000Z', '2024-03-30T22:59:59.000Z', '2023-06-15T12:00:00.000Z',
  '2024-10-26T22:00:00.000Z', '2024-01-01T00:00:00.000Z'];

/** Projects `radar` (organization main) and `pilot` (organization other), groups, and ~160 subjects. */
export async function seedListDataset(server: TestServer, count = 160): Promise<OracleSubject[]> {
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'other');
  const rnd = random(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const specs: SubjectSpec[] = [];
  for (let i = 0; i < count; i++) {
    const project = rnd() < 0.7 ? 'radar' : 'pilot';
    const other = project === 'radar' ? 'pilot' : 'radar';
    const ext = pick(EXTERNAL);
    specs.push({
      login: i < SPECIAL_LOGINS.length ? SPECIAL_LOGINS[i] : `sub-${Math.floor(rnd() * 100000)}-${i}`,
      project,
      externalId: ext === 'MID' ? `mid-${i % 7}` : ext,
      personName: pick(NAMES),
      hrid: rnd() < 0.4 ? `${rnd() < 0.5 ? 'H' : 'h'}-${i % 13}` : null,
      group: rnd() < 0.3 ? pick(['Group A', 'Group B']) : null,
      dateOfBirth: rnd() < 0.6 ? `19${80 + Math.floor(rnd() * 20)}-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}` : null,
      enrollmentDate: pick(ENROLLED),
      activated: rnd() < 0.8,
      removed: rnd() < 0.1,
      inactiveIn: rnd() < 0.15 ? [other] : [],
    });
  }
  const ids = await insertSubjects(server, specs);
  const groups = await server.app.db.query<{ id: number; project_name: string; name: string }>(
    'SELECT g.id, p.project_name, g.name FROM radar_group g JOIN project p ON p.id = g.project_id',
  );
  const groupId = (s: SubjectSpec) => groups.find((g) => g.project_name === s.project && g.name === s.group)?.id ?? null;
  return specs.map((s) => ({ ...s, id: ids.get(s.login)!, groupId: groupId(s) }));
}

export interface Walk {
  logins: string[];
  totals: Set<string>;
  requests: number;
}

/** Follows `Link: <...>; rel="next"` from the first page until a page comes back empty. */
export async function walkByLink(as: AsUser, first: string): Promise<Walk> {
  const walk: Walk = { logins: [], totals: new Set(), requests: 0 };
  let path: string | undefined = first;
  while (path) {
    const res = await as('GET', path);
    assert.is(res.status, 200, `${path}: ${res.text}`);
    walk.requests++;
    walk.totals.add(res.headers.get('x-total-count') ?? 'missing');
    walk.logins.push(...res.body.map((s: { login: string }) => s.login));
    const link = res.headers.get('link');
    if (res.body.length === 0) assert.is(link, null, 'no next link after an empty page');
    path = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    if (link) assert.ok(path, `malformed Link ${link}`);
    assert.ok(walk.requests < 500, 'walk does not end');
  }
  return walk;
}

/** Pages the way the client does: the same query plus `last.id`, `last.login`, `last.externalId` ('' when none). */
export async function walkByCursor(as: AsUser, base: string, query: string): Promise<Walk> {
  const walk: Walk = { logins: [], totals: new Set(), requests: 0 };
  let cursor = '';
  for (;;) {
    const res = await as('GET', `${base}?${query}${cursor}`);
    assert.is(res.status, 200, res.text);
    walk.requests++;
    walk.totals.add(res.headers.get('x-total-count') ?? 'missing');
    if (!res.body.length) return walk;
    walk.logins.push(...res.body.map((s: { login: string }) => s.login));
    const last = res.body[res.body.length - 1];
    cursor = `&last.id=${last.id}&last.login=${encodeURIComponent(last.login)}&last.externalId=${encodeURIComponent(last.externalId ?? '')}`;
    assert.ok(walk.requests < 500, 'walk does not end');
  }
}
