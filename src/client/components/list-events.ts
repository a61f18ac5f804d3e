// The "list changed" broadcast (client.md §1.3): a dialog that saved announces `<entity>ListModification`, and the
// lists showing that entity reload. No React here; services-react.tsx has the hook.

export type ListEventListener = (detail: unknown) => void;

export interface ListEvents {
  /** e.g. broadcast('subjectListModification', { op: 'UPDATE', subject }). */
  broadcast(name: string, detail?: unknown): void;
  subscribe(name: string, listener: ListEventListener): () => void;
}

export function createListEvents(): ListEvents {
  const listeners = new Map<string, Set<ListEventListener>>();
  return {
    broadcast(name, detail) {
      for (const listener of [...(listeners.get(name) ?? [])]) listener(detail);
    },
    subscribe(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
