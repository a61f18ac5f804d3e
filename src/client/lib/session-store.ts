// Who is signed in, and the lists every screen shares: organizations, projects, source types,
// authorities (system admins only), site settings and profile info. The lists refill when the account changes
// and empty on sign-out; saves patch them locally instead of refetching.
import { ROLE_SYS_ADMIN } from '../../common/authorities';
import { hasAnyAuthority } from '../../common/authority-match';
import type {
  AuthorityDTO,
  HiddenSubjectField,
  OrganizationDTO,
  ProfileInfo,
  ProjectDTO,
  SourceTypeDTO,
  UserDTO,
} from '../../common/dto';
import type { Http } from './http';
import { withRetry, type RetryOptions } from './retry';
import { parseHiddenSubjectFields, parseProfileInfo } from './site-settings';
import { createStore, type Store } from './store';

export interface SessionState {
  /** The signed-in account; null when signed out or not known yet. */
  account: UserDTO | null;
  /** False until the first `identity()` has answered (so "signed out" and "not asked yet" differ). */
  identityResolved: boolean;
  organizations: readonly OrganizationDTO[];
  projects: readonly ProjectDTO[];
  sourceTypes: readonly SourceTypeDTO[];
  authorities: readonly AuthorityDTO[];
  hiddenSubjectFields: ReadonlySet<HiddenSubjectField>;
  /** Null until loaded. */
  profileInfo: ProfileInfo | null;
  /** A shared list that failed for good (after its retries): its screens show the failure, not an empty list. */
  listErrors: Readonly<Partial<Record<SharedList, unknown>>>;
  /** When the server says the session ends (client clock, ms), pushed forward by every request; null when unknown. */
  sessionExpiresAt: number | null;
  /**
   * The session ended while the screen still shows the signed-in user's work (a save met a 401, or the expiry
   * passed): dialogs keep their input and offer to sign in again in a new tab, then to save again.
   */
  sessionEnded: boolean;
}

export type SharedList = 'organizations' | 'projects' | 'sourceTypes' | 'authorities';

export interface SessionOptions {
  http: Http;
  /** For the shared lists; defaults to 10 retries one second apart. */
  retry?: Pick<RetryOptions, 'retries' | 'delayMs' | 'sleep'>;
  /** Called with the account's langKey after a login, to switch the interface language. */
  onLanguage?: (langKey: string) => void;
  /** A shared list failed for good (after its retries): the app shows an alert. */
  onLoadError?: (error: unknown, list: SharedList) => void;
  warn?: (message: string) => void;
}

export interface Session {
  store: Store<SessionState>;
  /** The cached account, or `GET api/account` (one request for concurrent callers); `force` re-fetches. */
  identity(force?: boolean): Promise<UserDTO | null>;
  /** Re-fetches the account (after settings save, renames, own role changes). */
  reset(): Promise<UserDTO | null>;
  /** `POST api/login` with a bearer token; a failure signs out and rethrows. */
  login(token: string): Promise<UserDTO>;
  /** The server's word on how long the session lasts from now (seconds). */
  expiresIn(seconds: number): void;
  /** The session has ended, but the account stays on screen so no typed input is lost. */
  markEnded(): void;
  /**
   * Asks the server who is signed in without signing out on "nobody": after a sign-in in another tab the session
   * counts as live again; otherwise it stays ended. Also what "Stay signed in" calls: any request slides the expiry.
   */
  recheck(): Promise<boolean>;
  /** `POST api/logout`, then forgets the account and the shared lists. */
  logout(): Promise<void>;
  loadSiteSettings(): Promise<ReadonlySet<HiddenSubjectField>>;
  loadProfileInfo(): Promise<ProfileInfo>;
  refreshOrganizations(): Promise<void>;
  refreshProjects(): Promise<void>;
  refreshSourceTypes(): Promise<void>;
  refreshAuthorities(): Promise<void>;
  /** After a create or update; pass the old name when it may have changed. */
  organizationSaved(organization: OrganizationDTO, previousName?: string): void;
  organizationDeleted(name: string): void;
  projectSaved(project: ProjectDTO, previousName?: string): void;
  projectDeleted(projectName: string): void;
  destroy(): void;
}

export const initialSessionState: SessionState = {
  account: null,
  identityResolved: false,
  organizations: [],
  projects: [],
  sourceTypes: [],
  authorities: [],
  hiddenSubjectFields: new Set(),
  profileInfo: null,
  listErrors: {},
  sessionExpiresAt: null,
  sessionEnded: false,
};

const LIST_PATHS: Record<SharedList, string> = {
  organizations: 'api/organizations',
  projects: 'api/projects',
  sourceTypes: 'api/source-types',
  authorities: 'api/authorities',
};

const isAccount = (value: unknown): value is UserDTO =>
  typeof value === 'object' && value !== null && typeof (value as UserDTO).login === 'string';

function withoutKey<K extends string, V>(record: Readonly<Partial<Record<K, V>>>, key: K): Partial<Record<K, V>> {
  const { [key]: _dropped, ...rest } = record as Record<K, V>;
  return rest as Partial<Record<K, V>>;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Replaces the item whose key is `key` (appends when absent). */
function upsert<T>(list: readonly T[], item: T, keyOf: (item: T) => string, key: string): T[] {
  const index = list.findIndex((entry) => keyOf(entry) === key);
  return index < 0 ? [...list, item] : list.map((entry, i) => (i === index ? item : entry));
}

export function createSession(options: SessionOptions): Session {
  const { http, onLanguage, onLoadError, warn = console.warn } = options;
  const retry = { retries: 10, delayMs: 1000, ...options.retry };
  const store = createStore<SessionState>({ ...initialSessionState });
  // Bumped whenever the account changes hands, so answers that arrive late for a previous account are dropped.
  let accountEpoch = 0;
  let pendingIdentity: Promise<UserDTO | null> | null = null;
  let siteSettings: Promise<ReadonlySet<HiddenSubjectField>> | null = null;
  let profileInfo: Promise<ProfileInfo> | null = null;

  const setAccount = (account: UserDTO | null): void => {
    const current = store.getState().account;
    const session = account ? {} : { sessionEnded: false, sessionExpiresAt: null };
    store.setState({ account: sameJson(current, account) ? current : account, identityResolved: true, ...session });
  };

  async function refreshList(list: SharedList): Promise<void> {
    const epoch = accountEpoch;
    try {
      const { data } = await withRetry(() => http.get<unknown>(LIST_PATHS[list], { silent: true }), retry);
      if (epoch !== accountEpoch) return;
      const items = Array.isArray(data) ? data : [];
      if (!sameJson(items, store.getState()[list])) store.setState({ [list]: items });
      if (list in store.getState().listErrors) store.setState((s) => ({ listErrors: withoutKey(s.listErrors, list) }));
    } catch (error) {
      if (epoch !== accountEpoch) return;
      store.setState((s) => ({ listErrors: { ...s.listErrors, [list]: error } }));
      onLoadError?.(error, list);
      if (list === 'sourceTypes') store.setState({ sourceTypes: [] });
    }
  }

  const stopWatchingAccount = store.subscribeSelector(
    (state) => state.account,
    (account) => {
      accountEpoch++;
      if (!account) {
        store.setState({ organizations: [], projects: [], sourceTypes: [], authorities: [], listErrors: {} });
        return;
      }
      void refreshList('organizations');
      void refreshList('projects');
      void refreshList('sourceTypes');
      if (hasAnyAuthority(account, [ROLE_SYS_ADMIN])) void refreshList('authorities');
      else store.setState({ authorities: [] });
    },
  );

  function identity(force = false): Promise<UserDTO | null> {
    const { account } = store.getState();
    if (account && !force) return Promise.resolve(account);
    if (pendingIdentity && !force) return pendingIdentity;
    const request: Promise<UserDTO | null> = http.get<unknown>('api/account').then(
      ({ data }) => (isAccount(data) ? data : null),
      () => null,
    );
    const settled: Promise<UserDTO | null> = request.then((fetched) => {
      // A newer check, a login or a logout happened meanwhile: this answer is stale.
      if (pendingIdentity !== settled) return pendingIdentity ?? store.getState().account;
      pendingIdentity = null;
      setAccount(fetched);
      return store.getState().account;
    });
    pendingIdentity = settled;
    return settled;
  }

  async function logout(): Promise<void> {
    pendingIdentity = null;
    // The account is forgotten first: a screen must not ask for anything with a session that is about to end (the
    // answer would be a 401 for a request nobody needs).
    setAccount(null);
    try {
      await http.post('api/logout');
    } catch {
      // The local sign-out happens regardless; the failure was already reported by the http layer.
    }
  }

  return {
    store,
    identity,
    reset: () => identity(true),
    async login(token) {
      try {
        const { data } = await http.post<unknown>('api/login', { headers: { Authorization: `Bearer ${token}` } });
        if (!isAccount(data)) throw new Error('api/login answered without an account');
        pendingIdentity = null;
        setAccount(data);
        if (data.langKey) onLanguage?.(data.langKey);
        return data;
      } catch (error) {
        await logout();
        throw error;
      }
    },
    logout,
    expiresIn(seconds) {
      if (Number.isFinite(seconds)) store.setState({ sessionExpiresAt: Date.now() + seconds * 1000 });
    },
    markEnded() {
      if (store.getState().account && !store.getState().sessionEnded) store.setState({ sessionEnded: true });
    },
    async recheck() {
      // Forget the old end: the answer brings the new one (and a server that does not say is not warned about).
      store.setState({ sessionExpiresAt: null });
      const fetched = await http.get<unknown>('api/account', { silent: true }).then(({ data }) => (isAccount(data) ? data : null), () => null);
      if (!fetched) return false;
      pendingIdentity = null;
      setAccount(fetched);
      store.setState({ sessionEnded: false });
      return true;
    },
    loadSiteSettings() {
      siteSettings ??= http
        .get<unknown>('api/sitesettings')
        .then(({ data }) => parseHiddenSubjectFields(data, warn), () => new Set<HiddenSubjectField>())
        .then((hidden) => {
          store.setState({ hiddenSubjectFields: hidden });
          return hidden;
        });
      return siteSettings;
    },
    loadProfileInfo() {
      profileInfo ??= http
        .get<unknown>('api/profile-info')
        .then(({ data }) => parseProfileInfo(data), () => parseProfileInfo(null))
        .then((info) => {
          store.setState({ profileInfo: info });
          return info;
        });
      return profileInfo;
    },
    refreshOrganizations: () => refreshList('organizations'),
    refreshProjects: () => refreshList('projects'),
    refreshSourceTypes: () => refreshList('sourceTypes'),
    refreshAuthorities: () => refreshList('authorities'),
    organizationSaved(organization, previousName) {
      const key = previousName ?? organization.name;
      store.setState((s) => ({ organizations: upsert(s.organizations, organization, (o) => o.name, key) }));
      // Roles are keyed by name: a rename changes what the account's roles point at.
      if (previousName !== undefined && previousName !== organization.name) void identity(true);
    },
    organizationDeleted(name) {
      store.setState((s) => ({ organizations: s.organizations.filter((o) => o.name !== name) }));
    },
    projectSaved(project, previousName) {
      const key = previousName ?? project.projectName;
      store.setState((s) => ({ projects: upsert(s.projects, project, (p) => p.projectName, key) }));
      if (previousName !== undefined && previousName !== project.projectName) void identity(true);
    },
    projectDeleted(projectName) {
      store.setState((s) => ({ projects: s.projects.filter((p) => p.projectName !== projectName) }));
    },
    destroy: stopWatchingAccount,
  };
}

// ---- selectors ----

export const selectAccount = (state: SessionState): UserDTO | null => state.account;
export const selectIsAuthenticated = (state: SessionState): boolean => state.account !== null;
export const selectIsSysAdmin = (state: SessionState): boolean => hasAnyAuthority(state.account, [ROLE_SYS_ADMIN]);
export const selectInDevProfile = (state: SessionState): boolean =>
  state.profileInfo?.activeProfiles.includes('dev') ?? false;
export const selectApiDocsEnabled = (state: SessionState): boolean =>
  state.profileInfo?.activeProfiles.includes('api-docs') ?? false;

/** Looks in the cache; it never calls `GET api/organizations/{name}` (like the original). */
export const findOrganization = (state: SessionState, name: string): OrganizationDTO | undefined =>
  state.organizations.find((organization) => organization.name === name);
export const findProject = (state: SessionState, projectName: string): ProjectDTO | undefined =>
  state.projects.find((project) => project.projectName === projectName);
export const isSubjectFieldHidden = (state: SessionState, field: HiddenSubjectField): boolean =>
  state.hiddenSubjectFields.has(field);
