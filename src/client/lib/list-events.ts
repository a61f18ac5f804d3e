// The "list changed" broadcast: a dialog that saved or deleted something announces it, and the screens showing that
// kind of entity reload (or patch what they show). Every event and the shape of what it carries is in ListEventMap,
// so emitters and listeners are checked against one another. No React here; list-events-react.tsx has the hooks.
import type {
  ClientDetailsDTO,
  GroupDTO,
  OrganizationDTO,
  ProjectDTO,
  SourceDataDTO,
  SourceDTO,
  SubjectDTO,
  UserDTO,
} from '../../common/dto';

/** Something was deleted: its name (login, client id, ...). */
export interface Deleted {
  deleted: string;
}

/**
 * A change to the subject lists, applied in place by the lists and the subject's page. DELETE is also sent for a
 * discontinued subject (it leaves the lists of active subjects).
 */
export type SubjectListModification =
  | { op: 'CREATE' | 'UPDATE'; subject: SubjectDTO }
  | { op: 'DELETE'; subject: Pick<SubjectDTO, 'login'> & Partial<SubjectDTO> };

export type UserListModification =
  | { op: 'CREATE' | 'UPDATE'; user: UserDTO }
  | { op: 'DELETE' | 'SEND_ACTIVATION'; login: string };

/** Every list event and what it carries. `undefined` in a type: the event may come without a detail. */
export interface ListEventMap {
  organizationListModification: OrganizationDTO | Deleted;
  projectListModification: ProjectDTO | Deleted;
  groupListModification: GroupDTO | Deleted;
  subjectListModification: SubjectListModification;
  /** A saved or deleted source, or the sources of the subject `assignedTo` changed. */
  sourceListModification: SourceDTO | Deleted | { assignedTo: string };
  /** A saved or deleted row; undefined when a source type's rows changed together. */
  sourceDataListModification: SourceDataDTO | Deleted | undefined;
  /** The saved client (undefined when the server answered without it) or the deleted one. */
  oauthClientListModification: ClientDetailsDTO | Deleted | undefined;
  userListModification: UserListModification;
}

export type ListEventName = keyof ListEventMap;

export type ListEventListener<K extends ListEventName> = (detail: ListEventMap[K]) => void;

/** The detail argument: optional only for events whose detail may be undefined. */
export type ListEventArgs<K extends ListEventName> = undefined extends ListEventMap[K]
  ? [detail?: ListEventMap[K]]
  : [detail: ListEventMap[K]];

export interface ListEvents {
  /** e.g. emit('subjectListModification', { op: 'UPDATE', subject }). */
  emit<K extends ListEventName>(name: K, ...detail: ListEventArgs<K>): void;
  /** Calls `listener` for every `name` event until the returned function is called. */
  subscribe<K extends ListEventName>(name: K, listener: ListEventListener<K>): () => void;
}

export function createListEvents(): ListEvents {
  const listeners = new Map<ListEventName, Set<(detail: unknown) => void>>();
  return {
    emit(name, ...[detail]) {
      for (const listener of [...(listeners.get(name) ?? [])]) listener(detail);
    },
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const untyped = listener as (detail: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
  };
}
