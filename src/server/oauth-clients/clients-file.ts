// OAUTH_CLIENTS_FILE at start-up (docs/oauth.md, OAuth clients): the file is read and checked before the database is
// touched, so a malformed file stops the start (ConfigError naming file, line and problem) instead of loading half of
// it. Then each client of the file is deleted and inserted again, as the original does, all in one transaction under
// an advisory lock, so processes starting together on one database take turns instead of tripping over each other's
// rows. The portal's own client (and any client marked protected) is never overwritten from the file.
import { readFile } from 'node:fs/promises';
import { hashPassword } from '../auth/password-hash';
import { ConfigError } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../log';
import { findClient } from '../oauth/client-store';
import { FRONTEND_CLIENT_ID } from '../oauth/frontend-client';
import { isProtected } from './client-dto';
import { insertClient } from './client-write';
import { ClientsFileError, parseClientsCsv, type FileClient } from './clients-csv';

/** Advisory lock key of the load (any constant shared by every process of this application). */
export const CLIENTS_FILE_LOCK = 727000050;

export interface ClientsFileResult {
  loaded: string[];
  /** Ids left alone because the stored client is protected. */
  skipped: string[];
}

/** The file's clients; a ConfigError for OAUTH_CLIENTS_FILE when it cannot be read or is malformed. */
export async function readClientsFile(path: string): Promise<FileClient[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError('OAUTH_CLIENTS_FILE', `names ${path}, which cannot be read: ${(error as Error).message}`);
  }
  try {
    return parseClientsCsv(text);
  } catch (error) {
    if (error instanceof ClientsFileError) throw new ConfigError('OAUTH_CLIENTS_FILE', `${path} ${error.message}`);
    throw error;
  }
}

/** Replaces the stored copy of each client of the file; answers what was loaded and what was left alone. */
export async function loadFileClients(db: Database, path: string, clients: FileClient[], log: Logger): Promise<ClientsFileResult> {
  // scrypt is slow on purpose: hash before the transaction so the lock is held for the writes only.
  const hashes = await Promise.all(clients.map((c) => (c.spec.secret ? hashPassword(c.spec.secret) : null)));
  const result = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [CLIENTS_FILE_LOCK]);
    const done: ClientsFileResult = { loaded: [], skipped: [] };
    for (const [i, { spec }] of clients.entries()) {
      const stored = await findClient(tx, spec.clientId);
      if (spec.clientId === FRONTEND_CLIENT_ID || (stored && isProtected(stored))) {
        done.skipped.push(spec.clientId);
        continue;
      }
      await tx.query('DELETE FROM oauth_client WHERE client_id = $1', [spec.clientId]);
      await insertClient(tx, { ...spec, secret: undefined }, hashes[i]);
      done.loaded.push(spec.clientId);
    }
    return done;
  });
  for (const id of result.skipped) {
    log.warn(`OAuth client "${id}" in ${path} was not loaded: the stored client is protected (the portal's own client is configured by the server, not the file)`);
  }
  log.info(`loaded ${result.loaded.length} OAuth client(s) from ${path}${result.loaded.length ? `: ${result.loaded.join(', ')}` : ''}`);
  return result;
}
