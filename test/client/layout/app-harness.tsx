// The whole client (createAppServices + AppRoot) over a scripted fetch and a memory history, as main.tsx builds it.
import { act, render, type RenderResult } from '@testing-library/react';
import { createMemoryHistory, type MemoryHistory } from 'history';
import type { UserDTO } from '../../../src/common/dto';
import { AppRoot } from '../../../src/client/layout/app-root';
import { createAppServices, type AppServices } from '../../../src/client/layout/app-services';
import { dictionaryRoutes, memoryStorage, tick } from '../components/harness';
import { fakeFetch, json, type RecordedCall, type Responder } from '../lib/fake-fetch';

export interface AppOptions {
  url?: string;
  /** The account GET api/account answers; null = 401. */
  account?: UserDTO | null;
  profiles?: string[];
  organizations?: { name: string; description?: string; location?: string }[];
  answers?: Record<string, Responder | Responder[]>;
  language?: 'en' | 'nl';
  storage?: ReturnType<typeof memoryStorage>;
  onMissing?: (key: string) => void;
  /** False: do not wait for start() (a test holds a request back). */
  waitForStart?: boolean;
}

export interface RunningApp {
  services: AppServices;
  view: RenderResult;
  history: MemoryHistory;
  calls: RecordedCall[];
  missing: string[];
  storage: ReturnType<typeof memoryStorage>;
  /** Lets requests, lazy pages and effects settle. */
  settle(ms?: number): Promise<void>;
}

export async function startApp(options: AppOptions = {}): Promise<RunningApp> {
  const missing: string[] = [];
  const storage = options.storage ?? memoryStorage();
  const account = options.account ?? null;
  const scripted = fakeFetch({
    ...dictionaryRoutes(),
    'GET api/account': account ? json(account) : json({ status: 401 }, 401),
    'GET api/profile-info': json({ activeProfiles: options.profiles ?? [] }),
    'GET api/sitesettings': json({ hiddenSubjectFields: [] }),
    'GET api/organizations': json(options.organizations ?? []),
    'GET api/projects': json([]),
    'GET api/source-types': json([]),
    'GET api/authorities': json([]),
    'POST api/logout': { status: 200 },
    ...options.answers,
  });
  const { calls } = scripted;
  // Requests of real screens that a test did not script answer 404: an answer about the request, so nothing
  // retries (a missing answer would look like a network failure, which screens retry for seconds).
  const fetch: typeof globalThis.fetch = async (input, init) => {
    try {
      return await scripted.fetch(input, init);
    } catch (error) {
      if (!/^fake fetch: unexpected/.test((error as Error).message)) throw error;
      return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
    }
  };
  const history = createMemoryHistory({ initialEntries: [options.url ?? '/'] });
  const services = createAppServices({
    fetch,
    history,
    storage,
    language: options.language ?? 'en',
    retry: { retries: 0 },
    onMissing: (key) => {
      missing.push(key);
      options.onMissing?.(key);
    },
    // A session cookie is what makes the client ask GET api/account.
    readCookies: () => (account ? 'XSRF-TOKEN=test-token' : ''),
  });
  const view = render(<AppRoot services={services} />);
  const settle = async (ms = 20) => {
    await act(() => tick(ms));
    await act(() => tick(0));
  };
  const started = services.start();
  if (options.waitForStart !== false) await act(() => started);
  await settle();
  return { services, view, history, calls, missing, storage, settle };
}

export const url = (history: MemoryHistory): string => history.location.pathname + history.location.search;
