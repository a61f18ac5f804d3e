// Where the user was and where they were going, kept in sessionStorage so a sign-in round trip (which leaves the
// page) can bring them back. Keys use the original's `jhi-` prefix.

export interface StoredNavigation {
  /** App URL, as after `#`. */
  url: string;
  authorities?: readonly string[];
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const PREVIOUS_STATE_KEY = 'jhi-previousState';
export const DESTINATION_STATE_KEY = 'jhi-destinationState';

export interface NavigationState {
  retrievePrevious(): StoredNavigation | null;
  storePrevious(state: StoredNavigation): void;
  clearPrevious(): void;
  retrieveDestination(): StoredNavigation | null;
  storeDestination(state: StoredNavigation): void;
  clearDestination(): void;
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function createNavigationState(storage: StorageLike | null = defaultStorage()): NavigationState {
  const retrieve = (key: string): StoredNavigation | null => {
    try {
      const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
      const url = (value as { url?: unknown } | null)?.url;
      return typeof url === 'string' ? (value as StoredNavigation) : null;
    } catch {
      return null;
    }
  };
  // Losing a remembered destination is harmless; a full or disabled storage must not break navigation.
  const store = (key: string, state: StoredNavigation): void => {
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      /* ignored on purpose */
    }
  };
  const clear = (key: string): void => {
    try {
      storage?.removeItem(key);
    } catch {
      /* ignored on purpose */
    }
  };
  return {
    retrievePrevious: () => retrieve(PREVIOUS_STATE_KEY),
    storePrevious: (state) => store(PREVIOUS_STATE_KEY, state),
    clearPrevious: () => clear(PREVIOUS_STATE_KEY),
    retrieveDestination: () => retrieve(DESTINATION_STATE_KEY),
    storeDestination: (state) => store(DESTINATION_STATE_KEY, state),
    clearDestination: () => clear(DESTINATION_STATE_KEY),
  };
}
