// Import of the entities that exist by the dozen rather than by the hundred thousand (organizations, source types,
// projects, groups, OAuth clients, meta-tokens), one row at a time, all by the same rule:
//   - a row an earlier run imported (mp_import_map) is compared with the portal's and updated when it differs;
//   - a new row whose name is free is created and recorded;
//   - a new row whose name the portal already uses for something else is a conflict (never overwritten), except
//     the defaults of a fresh portal (its `main` organization), which the import takes over, and catalogue entries
//     (source types and source data), whose name is their identity in both systems.
import type { Entity } from './report';
import type { MapKind } from './import-map';
import { sameValues, type ImportContext } from './context';

export type Desired<V> = V | { skip: string };

export interface NamedSpec<M, V> {
  entity: Entity;
  kind: MapKind;
  mpId(m: M): number | string;
  label(m: M): string;
  desired(ctx: ImportContext, m: M): Desired<V> | Promise<Desired<V>>;
  /** The portal row holding the natural key (name) of `v`. */
  findByName(ctx: ImportContext, v: V): Promise<number | string | undefined>;
  current(ctx: ImportContext, id: number | string): Promise<V | undefined>;
  insert(ctx: ImportContext, v: V): Promise<number | string>;
  update(ctx: ImportContext, id: number | string, v: V): Promise<void>;
  /** A default row of a fresh portal the import may take over. */
  adoptable?(v: V): boolean;
  /** The name is the row's identity on both sides (catalogue entries): a portal row of that name is the same thing
   * and is taken over, not a conflict. */
  nameIsIdentity?: boolean;
  same?(v: V, current: V): boolean | Promise<boolean>;
  /** What to write over an existing row: `v`, with what the portal may have moved on since the last run. */
  merge?(v: V, current: V): V;
}

const isSkip = <V>(d: Desired<V>): d is { skip: string } => typeof d === 'object' && d !== null && 'skip' in d;

export async function importNamed<M, V>(ctx: ImportContext, rows: M[], spec: NamedSpec<M, V>): Promise<void> {
  const { report, map } = ctx;
  for (const m of rows) {
    report.read(spec.entity);
    const d = await spec.desired(ctx, m);
    if (isSkip(d)) {
      report.skip(spec.entity, d.skip);
      continue;
    }
    const mapped = map.portalId(spec.kind, spec.mpId(m));
    let target: number | string | undefined;
    let current: V | undefined;
    if (mapped !== undefined) current = await spec.current(ctx, mapped);
    const byName = await spec.findByName(ctx, d);
    if (current !== undefined) {
      target = mapped;
      if (byName !== undefined && String(byName) !== String(mapped)) {
        report.conflict(spec.entity, spec.label(m), 'renamed in ManagementPortal to a name the portal uses for another row');
        continue;
      }
    } else if (byName !== undefined) {
      if (!spec.nameIsIdentity && !(ctx.fresh && spec.adoptable?.(d))) {
        report.conflict(spec.entity, spec.label(m), 'exists in the portal and was not imported from this ManagementPortal');
        continue;
      }
      target = byName;
      current = await spec.current(ctx, byName);
    }
    if (target === undefined || current === undefined) {
      const id = await spec.insert(ctx, d);
      map.set(spec.kind, spec.mpId(m), id);
      report.count(spec.entity, 'created');
      continue;
    }
    map.set(spec.kind, spec.mpId(m), target);
    const wanted = spec.merge ? spec.merge(d, current) : d;
    if (await (spec.same ?? sameValues)(wanted, current)) {
      report.count(spec.entity, 'unchanged');
    } else {
      await spec.update(ctx, target, wanted);
      report.count(spec.entity, 'updated');
    }
  }
}
