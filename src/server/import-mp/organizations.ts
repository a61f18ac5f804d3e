// Organizations, by name. A fresh portal's `main` organization is taken over by ManagementPortal's `main`.
import { first } from '../db/database';
import type { ImportContext } from './context';
import type { MpOrganization } from './mp-model';
import { importNamed } from './named-import';

interface Org {
  name: string;
  description: string;
  location: string;
}

export function importOrganizations(ctx: ImportContext, rows: MpOrganization[]): Promise<void> {
  return importNamed<MpOrganization, Org>(ctx, rows, {
    entity: 'organizations',
    kind: 'organization',
    mpId: (m) => m.id,
    label: (m) => m.name,
    desired: (_ctx, m) => ({ name: m.name, description: m.description ?? '', location: m.location ?? '' }),
    findByName: async ({ tx }, v) => (await first<{ id: number }>(tx, 'SELECT id FROM radar_organization WHERE name = $1', [v.name]))?.id,
    current: async ({ tx }, id) => first<Org>(tx, 'SELECT name, description, location FROM radar_organization WHERE id = $1', [id]),
    insert: async ({ tx }, v) =>
      (await first<{ id: number }>(tx, 'INSERT INTO radar_organization (name, description, location) VALUES ($1, $2, $3) RETURNING id', [
        v.name, v.description, v.location,
      ]))!.id,
    update: async ({ tx }, id, v) => {
      await tx.query('UPDATE radar_organization SET name = $2, description = $3, location = $4 WHERE id = $1', [id, v.name, v.description, v.location]);
    },
    adoptable: (v) => v.name === 'main',
  });
}

/** The portal organization for a project without one (projects from before organizations existed): `main`. */
export async function fallbackOrganizationId(ctx: ImportContext, name: string | null): Promise<number | undefined> {
  if (name) {
    const named = await first<{ id: number }>(ctx.tx, 'SELECT id FROM radar_organization WHERE name = $1', [name]);
    if (named) return named.id;
  }
  return (await first<{ id: number }>(ctx.tx, "SELECT id FROM radar_organization WHERE name = 'main'"))?.id;
}
