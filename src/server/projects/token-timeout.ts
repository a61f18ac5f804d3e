// ProjectDTO.persistentTokenTimeout (api.md §4.5, §8 `oauth.persistentMetaTokenTimeout`): the lifetime of persistent
// meta-tokens in milliseconds, 31 days unless configured. Config may carry `persistentMetaTokenTimeoutMs`
// (null = persistent tokens disabled, so the field is left out); until config.ts has it, the default applies.
import type { Config } from '../config';

export const DEFAULT_PERSISTENT_TOKEN_TIMEOUT_MS = 31 * 24 * 60 * 60 * 1000;

export function persistentTokenTimeoutMs(config: Config): number | undefined {
  const configured = (config as Config & { persistentMetaTokenTimeoutMs?: number | null }).persistentMetaTokenTimeoutMs;
  if (configured === null) return undefined;
  return configured ?? DEFAULT_PERSISTENT_TOKEN_TIMEOUT_MS;
}
