// The name of each entity kind a revision records, from the menu's existing keys.
import type { RevisionEntityKind } from '../../../common/dto';

const KIND_KEYS: Record<RevisionEntityKind, string> = {
  project: 'global.menu.entities.project',
  subject: 'global.menu.entities.subject',
  source: 'global.menu.entities.source',
  sourcetype: 'global.menu.entities.sourceType',
  sourcedata: 'global.menu.entities.sourceData',
  user: 'global.menu.entities.user',
  role: 'global.menu.entities.role',
  organization: 'global.menu.entities.organization',
};

/** The kind's translated name; an unknown kind (a newer server) as it came. */
export const kindName = (t: (key: string) => string, kind: string): string =>
  kind in KIND_KEYS ? t(KIND_KEYS[kind as RevisionEntityKind]) : kind;
