// A postgres:// URL's TLS parameters as libpq reads them, turned into postgres.js's `ssl` option (docs/deploy.md,
// "PostgreSQL over TLS"). postgres.js itself knows `sslmode` only partly: it checks the host name for verify-ca too,
// and passes `sslrootcert` to the server as a run-time setting, which the server refuses. So both are taken out of
// the URL here:
//   disable: no TLS · allow, prefer: TLS when the server offers it, unverified · require: TLS, unverified (as the
//   JDBC driver ManagementPortal used; libpq would verify when a root certificate is found, we do not guess)
//   verify-ca: the server's certificate must chain to the root certificate · verify-full: and name the host
// The root certificate (PEM, may hold several) is, as in libpq, `sslrootcert` of the URL, else PGSSLROOTCERT, else
// ~/.postgresql/root.crt of the user we run as, else /root/.postgresql/root.crt: where the `management-portal` Helm
// chart mounts it for ManagementPortal's JDBC driver, which ran as root. `sslrootcert=system` trusts Node.js's
// certificate authorities (and NODE_EXTRA_CA_CERTS) and means verify-full, as in libpq.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { checkServerIdentity, type ConnectionOptions, type PeerCertificate } from 'node:tls';
import { ConfigError } from '../config';

export type SslOption = false | 'prefer' | 'require' | ConnectionOptions;

export interface ConnectOptions {
  /** The URL without the TLS parameters handled here. */
  url: string;
  /** postgres.js's `ssl`; absent when the URL says nothing about TLS (postgres.js's own default, no TLS). */
  ssl?: SslOption;
}

/** Where a root certificate is looked for when the URL names none, in order. */
export function defaultRootCertPaths(env: NodeJS.ProcessEnv = process.env, home = homedir()): string[] {
  return [...(env.PGSSLROOTCERT ? [env.PGSSLROOTCERT] : []), join(home, '.postgresql', 'root.crt'), '/root/.postgresql/root.crt'];
}

const MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

/** The variable a bad setting is reported under: the URL may have come from DATABASE_URL or MP's datasource. */
const VARIABLE = 'DATABASE_URL';

function readRootCert(paths: string[], explicit: boolean, mode: string): string {
  for (const path of paths) {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      // A named file must be there; the default places are only looked at.
      if (explicit) throw new ConfigError(VARIABLE, `names sslrootcert=${path}, which cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  throw new ConfigError(VARIABLE, `has sslmode=${mode}, which needs the server's root certificate: set sslrootcert=/path/to/root.crt ` +
    `in the URL (not found in ${paths.join(', ')})`);
}

export function connectOptions(url: string, env: NodeJS.ProcessEnv = process.env, home = homedir()): ConnectOptions {
  const q = url.indexOf('?');
  if (q < 0) return { url };
  const params = new URLSearchParams(url.slice(q + 1));
  if (!params.has('sslmode') && !params.has('sslrootcert')) return { url };
  const rootCert = params.get('sslrootcert') ?? undefined;
  let mode = params.get('sslmode') ?? (rootCert === 'system' ? 'verify-full' : 'prefer');
  if (!MODES.includes(mode)) throw new ConfigError(VARIABLE, `has sslmode=${mode}; one of ${MODES.join(', ')} is meant`);
  if (rootCert === 'system' && mode !== 'verify-full') {
    throw new ConfigError(VARIABLE, `has sslrootcert=system with sslmode=${mode}: the system's authorities are only used with verify-full`);
  }
  params.delete('sslmode');
  params.delete('sslrootcert');
  const rest = params.toString();
  const plain = url.slice(0, q) + (rest ? `?${rest}` : '');
  if (mode === 'disable') return { url: plain, ssl: false };
  if (mode === 'allow') mode = 'prefer';
  if (mode === 'prefer' || mode === 'require') return { url: plain, ssl: mode };

  const ca = rootCert === 'system' ? undefined : readRootCert(rootCert ? [rootCert] : defaultRootCertPaths(env, home), rootCert !== undefined, mode);
  const host = hostOf(url);
  const identity = mode === 'verify-ca'
    ? () => undefined // the chain is checked (rejectUnauthorized), the name is not
    : (_servername: string, cert: PeerCertificate) => checkServerIdentity(host, cert);
  return { url: plain, ssl: { ...(ca === undefined ? {} : { ca }), rejectUnauthorized: true, checkServerIdentity: identity } };
}

/** The host the certificate must name (verify-full): the URL's, without IPv6 brackets; PGHOST or localhost when it has none. */
function hostOf(url: string): string {
  const authority = /^[a-z]+:\/\/(?:[^@/?]*@)?([^/?]*)/i.exec(url)?.[1] ?? '';
  const host = authority.startsWith('[') ? authority.slice(1, authority.indexOf(']')) : authority.split(',')[0].split(':')[0];
  return decodeURIComponent(host) || process.env.PGHOST || 'localhost';
}
