// The import's report: per entity how many rows were read, created, updated, unchanged and skipped (with the
// reason), and the conflicts: names that already exist in the portal as something the import did not make. The
// same report is printed for a dry run and a real one.

export const ENTITIES = [
  'organizations', 'source types', 'source data', 'projects', 'groups', 'users', 'subjects', 'sources', 'oauth clients',
  'meta-tokens',
] as const;
export type Entity = (typeof ENTITIES)[number];

export type Outcome = 'created' | 'updated' | 'unchanged';

export interface EntityCounts {
  read: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: Record<string, number>;
  /** Rows imported with a value changed to what ManagementPortal made of it (a hashed empty secret is no secret),
   * by what was changed. */
  adjusted: Record<string, number>;
}

export interface Conflict {
  entity: Entity;
  name: string;
  problem: string;
}

export class ImportReport {
  readonly counts = new Map<Entity, EntityCounts>(ENTITIES.map((e) => [e, { read: 0, created: 0, updated: 0, unchanged: 0, skipped: {}, adjusted: {} }]));
  readonly conflicts: Conflict[] = [];
  readonly notes: string[] = [];
  features: string[] = [];
  dryRun = false;
  /** True once the import was committed. */
  written = false;
  ms = 0;

  read(entity: Entity, n = 1): void {
    this.counts.get(entity)!.read += n;
  }

  count(entity: Entity, outcome: Outcome, n = 1): void {
    this.counts.get(entity)![outcome] += n;
  }

  skip(entity: Entity, reason: string, n = 1): void {
    const skipped = this.counts.get(entity)!.skipped;
    skipped[reason] = (skipped[reason] ?? 0) + n;
  }

  /** One row whose stored value was read as ManagementPortal itself reads it, not kept as it is (`what` says how). */
  adjust(entity: Entity, what: string, n = 1): void {
    const adjusted = this.counts.get(entity)!.adjusted;
    adjusted[what] = (adjusted[what] ?? 0) + n;
  }

  conflict(entity: Entity, name: string, problem: string): void {
    this.conflicts.push({ entity, name, problem });
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  toJSON() {
    return {
      dryRun: this.dryRun, written: this.written, features: this.features, ms: Math.round(this.ms),
      entities: Object.fromEntries(this.counts), conflicts: this.conflicts, notes: this.notes,
    };
  }

  /** The report as text lines, a table of counts followed by the skip reasons, conflicts and notes. */
  format(): string {
    const lines: string[] = [];
    lines.push(`ManagementPortal schema parts found: ${this.features.join(', ') || '(none of the optional ones)'}`);
    const header = ['entity', 'read', 'created', 'updated', 'unchanged', 'skipped'];
    const rows = ENTITIES.map((e) => {
      const c = this.counts.get(e)!;
      const skipped = Object.values(c.skipped).reduce((a, b) => a + b, 0);
      return [e, c.read, c.created, c.updated, c.unchanged, skipped].map(String);
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    lines.push(line(header), ...rows.map(line));
    for (const e of ENTITIES) {
      for (const [reason, n] of Object.entries(this.counts.get(e)!.skipped)) lines.push(`skipped ${e}: ${n} ${reason}`);
      for (const [what, n] of Object.entries(this.counts.get(e)!.adjusted)) lines.push(`${e}: ${n} ${what}`);
    }
    if (this.conflicts.length) {
      lines.push(`${this.conflicts.length} conflict(s): names that exist in the portal but were not made by this import`);
      for (const c of this.conflicts) lines.push(`  conflict ${c.entity} "${c.name}": ${c.problem}`);
    }
    for (const n of this.notes) lines.push(`note: ${n}`);
    if (this.conflicts.length) lines.push('nothing was written: resolve the conflicts (rename or remove one side) and run again');
    else if (this.dryRun) lines.push('dry run: nothing was written');
    else if (this.written) lines.push(`imported in ${(this.ms / 1000).toFixed(1)} s, in one transaction`);
    return lines.join('\n');
  }
}
