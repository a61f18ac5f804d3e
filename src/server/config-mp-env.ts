// ManagementPortal's configuration names, translated into ours, so the portal can take MP's place in a deployment
// (the `management-portal` Helm chart, docker-compose files) without anyone renaming a variable. A pure function:
// the environment in, the environment with our names filled in out, plus what to tell the operator. config.ts
// applies it once, where the environment is read (docs/deploy.md has the table of every name).
//
// MP is a Spring Boot application, so its settings reach it as environment variables under Spring's relaxed binding:
// `managementportal.common.baseUrl` may be spelled MANAGEMENTPORTAL_COMMON_BASEURL or MANAGEMENTPORTAL_COMMON_BASE_URL,
// lists may be comma separated or indexed (`..._CHECKINGKEYALIASES_0`), and SPRING_APPLICATION_JSON may hold any of
// them as JSON (taking precedence over single variables, as in Spring). Matching on the name without its separators
// accepts every one of those spellings.

type Env = Record<string, string | undefined>;

export interface MpEnvTranslation {
  /** The input environment with our names set from MP's (our own names, where set, are kept). */
  env: Env;
  /** Said once at start-up: names that are overridden by ours, unknown MP names, parameters left out. */
  warnings: string[];
  /** Said once at start-up: MP names accepted and ignored (they mean nothing to this server). */
  ignored: string[];
  /** Set when the environment asks for something this server cannot do; the start must stop with it. */
  error?: { variable: string; message: string };
}

/** A name as Spring's relaxed binding compares it: upper case, without `_`, `-` and `.`. */
const normalized = (name: string) => name.toUpperCase().replace(/[_.-]/g, '');

/** MP's property (for messages and docs) -> our variable, for the names that translate one to one. */
export const MP_DIRECT_NAMES: readonly (readonly [string, string])[] = [
  ['managementportal.common.managementPortalBaseUrl', 'PUBLIC_URL'],
  ['managementportal.common.baseUrl', 'PLATFORM_BASE_URL'],
  ['managementportal.common.privacyPolicyUrl', 'PRIVACY_POLICY_URL'],
  ['managementportal.frontend.clientSecret', 'FRONTEND_CLIENT_SECRET'],
  ['managementportal.oauth.clientsFile', 'OAUTH_CLIENTS_FILE'],
  ['managementportal.oauth.metaTokenTimeout', 'META_TOKEN_TIMEOUT'],
  ['managementportal.oauth.persistentMetaTokenTimeout', 'PERSISTENT_META_TOKEN_TIMEOUT'],
  ['managementportal.oauth.keyStorePassword', 'KEY_STORE_PASSWORD'],
  ['managementportal.oauth.signingKeyAlias', 'SIGNING_KEY_ALIAS'],
  ['managementportal.oauth.checkingKeyAliases', 'CHECKING_KEY_ALIASES'],
  ['managementportal.mail.from', 'MAIL_FROM'],
  ['managementportal.catalogueServer.enableAutoImport', 'CATALOGUE_AUTO_IMPORT'],
  ['managementportal.catalogueServer.serverUrl', 'CATALOGUE_SERVER_URL'],
  ['managementportal.siteSettings.hiddenSubjectFields', 'HIDDEN_SUBJECT_FIELDS'],
  ['server.port', 'PORT'],
  ['server.servlet.contextPath', 'BASE_PATH'],
];

/** MP names that combine into one of ours, or carry a meaning of their own (handled below). */
export const MP_COMBINED_NAMES: readonly (readonly [string, string])[] = [
  ['spring.datasource.url', 'DATABASE_URL'],
  ['spring.datasource.username', 'DATABASE_URL'],
  ['spring.datasource.password', 'DATABASE_URL'],
  ['spring.mail.host', 'SMTP_URL'],
  ['spring.mail.port', 'SMTP_URL'],
  ['spring.mail.username', 'SMTP_URL'],
  ['spring.mail.password', 'SMTP_URL'],
  ['spring.mail.properties.mail.smtp.auth', 'SMTP_URL'],
  ['spring.mail.properties.mail.smtp.starttls.enable', 'SMTP_URL'],
  ['managementportal.common.adminPassword', 'ADMIN_PASSWORD + ADMIN_PASSWORD_EVERY_START=true'],
  ['managementportal.frontend.clientId', '(must be ManagementPortalapp)'],
  ['managementportal.authServer.internal', '(must be true)'],
  ['managementportal.identityServer.internal', '(must be true)'],
];

/** Accepted and ignored: they tune the JVM, Spring or the connection pool MP has and this server does not. */
const IGNORED_EXACT = [
  'JAVA_OPTS', 'JHIPSTER_SLEEP', 'spring.profiles.active',
  // Declared in MP's properties and never acted on (the chart sets the first).
  'managementportal.oauth.requireAal2', 'managementportal.oauth.enablePublicKeyVerifiers',
];
const IGNORED_PREFIXES = ['spring.datasource.hikari'];
/** Our variables these prefixes also start with, which are not MP's (SERVER_* is Spring's `server.*`). */
const OURS = new Set(['SHUTDOWN_GRACE_SECONDS']);

interface MpValue {
  value: string;
  /** The variable it came from, as the operator wrote it. */
  from: string;
}

/** Every MP-looking setting by its normalized name: single variables, indexed lists, then SPRING_APPLICATION_JSON. */
function collect(env: Env, warnings: string[]): Map<string, MpValue> {
  const values = new Map<string, MpValue>();
  const lists = new Map<string, { items: [number, string][]; from: string }>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || OURS.has(name)) continue;
    if (!/^(MANAGEMENTPORTAL|SPRING|SERVER)_/i.test(name) && !IGNORED_EXACT.some((n) => normalized(n) === normalized(name))) continue;
    if (normalized(name) === 'SPRINGAPPLICATIONJSON') continue;
    const indexed = /^(.*)_(\d+)$/.exec(name);
    if (indexed) {
      const key = normalized(indexed[1]);
      const list = lists.get(key) ?? { items: [], from: `${indexed[1]}_n` };
      list.items.push([Number(indexed[2]), value]);
      lists.set(key, list);
      continue;
    }
    values.set(normalized(name), { value, from: name });
  }
  for (const [key, list] of lists) {
    values.set(key, { value: list.items.sort((a, b) => a[0] - b[0]).map(([, v]) => v).join(','), from: list.from });
  }
  const json = env.SPRING_APPLICATION_JSON?.trim();
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      warnings.push('SPRING_APPLICATION_JSON is not valid JSON; ignored');
    }
    const walk = (node: unknown, path: string[]) => {
      if (Array.isArray(node)) {
        if (node.every((x) => typeof x !== 'object' || x === null)) {
          // The chart fills its list from two values that may be empty ("checkingKeyAliases":["",""]).
          const items = node.map((x) => String(x ?? '').trim()).filter(Boolean);
          values.set(normalized(path.join('')), { value: items.join(','), from: `SPRING_APPLICATION_JSON ${path.join('.')}` });
        } else {
          warnings.push(`SPRING_APPLICATION_JSON ${path.join('.')}: a list of objects is not supported; ignored`);
        }
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) walk(v, [...path, ...k.split('.')]);
      } else if (node !== null && node !== undefined) {
        values.set(normalized(path.join('')), { value: String(node), from: `SPRING_APPLICATION_JSON ${path.join('.')}` });
      }
    };
    if (parsed !== undefined) walk(parsed, []);
  }
  return values;
}

/**
 * `jdbc:postgresql://host:port/db?user=..&password=..&sslmode=..` (the form Spring's datasource takes) as the
 * postgres:// URL postgres.js reads. User and password come from the URL's parameters or, winning over them as in
 * the JDBC driver, from SPRING_DATASOURCE_USERNAME / _PASSWORD. Parameters only the JDBC driver knows are left out
 * with a warning. TLS (db/connect-options.ts): `sslmode` and `sslrootcert` are kept; the JDBC driver's `ssl=true`
 * without `sslmode` is its verify-full, and `sslfactory=org.postgresql.ssl.NonValidatingFactory` its require.
 */
export function jdbcToPostgresUrl(jdbc: string, user: string | undefined, password: string | undefined, warnings: string[]): string | undefined {
  const m = /^jdbc:postgresql:(?:\/\/([^/?]*))?\/?([^?]*)(?:\?(.*))?$/i.exec(jdbc.trim());
  if (!m) return undefined;
  const hosts = m[1] || 'localhost:5432';
  const database = m[2] || user || 'postgres';
  const params = new URLSearchParams(m[3] ?? '');
  const username = user ?? params.get('user') ?? undefined;
  const secret = password ?? params.get('password') ?? undefined;
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'user' || key === 'password') continue;
    if (key === 'sslmode' || key === 'sslrootcert') kept.set(key, value);
    else if (key === 'ssl' || key === 'sslfactory') continue; // below, as an sslmode
    else warnings.push(`SPRING_DATASOURCE_URL: the JDBC parameter "${key}" has no meaning here; ignored`);
  }
  if (!kept.has('sslmode')) {
    const factory = params.get('sslfactory');
    if (factory === 'org.postgresql.ssl.NonValidatingFactory') kept.set('sslmode', 'require');
    else if (params.get('ssl')?.toLowerCase() === 'true') kept.set('sslmode', 'verify-full');
    if (factory && factory !== 'org.postgresql.ssl.NonValidatingFactory') {
      warnings.push(`SPRING_DATASOURCE_URL: the JDBC parameter "sslfactory=${factory}" has no meaning here; ignored`);
    }
  }
  const auth = username ? `${encodeURIComponent(username)}${secret !== undefined ? `:${encodeURIComponent(secret)}` : ''}@` : '';
  const query = kept.size ? `?${kept.toString()}` : '';
  return `postgres://${auth}${hosts}/${encodeURIComponent(decodeURIComponent(database))}${query}`;
}

/** Spring's mail settings as the smtp:// URL nodemailer reads; port 465 is implicit TLS (smtps://). */
function smtpUrl(get: (property: string) => string | undefined): string | undefined {
  const host = get('spring.mail.host');
  if (!host) return undefined;
  const port = get('spring.mail.port') || '25';
  const auth = get('spring.mail.properties.mail.smtp.auth')?.toLowerCase() !== 'false';
  const user = auth ? get('spring.mail.username') : undefined;
  const password = auth ? get('spring.mail.password') : undefined;
  const credentials = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  // STARTTLS switched off in MP means plain SMTP; otherwise nodemailer upgrades whenever the server offers it.
  const noTls = get('spring.mail.properties.mail.smtp.starttls.enable')?.toLowerCase() === 'false';
  const scheme = port === '465' ? 'smtps' : 'smtp';
  return `${scheme}://${credentials}${host.includes(':') ? `[${host}]` : host}:${port}${noTls && scheme === 'smtp' ? '?ignoreTLS=true' : ''}`;
}

export function translateMpEnv(input: Env): MpEnvTranslation {
  const warnings: string[] = [];
  const ignored: string[] = [];
  const values = collect(input, warnings);
  const used = new Set<string>();
  const get = (property: string) => {
    const key = normalized(property);
    const v = values.get(key);
    if (v === undefined) return undefined;
    used.add(key);
    return v.value;
  };
  const fromOf = (property: string) => values.get(normalized(property))?.from ?? property;
  const env: Env = { ...input };
  // Ours win: an operator who set both meant ours, but should know the other one is not read.
  const set = (ours: string, value: string | undefined, mpNames: string) => {
    if (value === undefined) return;
    if (input[ours] !== undefined && input[ours] !== '') {
      if (input[ours] !== value) warnings.push(`${mpNames} is ignored: ${ours} is set too, and wins`);
      return;
    }
    env[ours] = value;
  };

  for (const property of ['managementportal.authServer.internal', 'managementportal.identityServer.internal']) {
    if (get(property)?.trim().toLowerCase() === 'false') {
      return {
        env, warnings, ignored,
        error: {
          variable: fromOf(property),
          message: 'is false, which asks for an external Ory Hydra / Kratos server; this portal supports only its ' +
            'own sign-in and authorization server (and, for the browser sign-in, an OpenID Connect provider: OIDC_ISSUER). ' +
            'Remove the variable or set it to true.',
        },
      };
    }
  }

  for (const [property, ours] of MP_DIRECT_NAMES) set(ours, get(property), fromOf(property));

  const jdbc = get('spring.datasource.url');
  const dbUser = get('spring.datasource.username');
  const dbPassword = get('spring.datasource.password');
  if (jdbc !== undefined) {
    const url = jdbcToPostgresUrl(jdbc, dbUser, dbPassword, warnings);
    if (url === undefined) {
      return {
        env, warnings, ignored,
        error: { variable: fromOf('spring.datasource.url'), message: `must be a jdbc:postgresql://host:port/database URL, got "${jdbc}"` },
      };
    }
    set('DATABASE_URL', url, fromOf('spring.datasource.url'));
  }

  set('SMTP_URL', smtpUrl(get), 'SPRING_MAIL_*');

  const adminPassword = get('managementportal.common.adminPassword');
  if (adminPassword && !(input.ADMIN_PASSWORD ?? '') && (adminPassword.length < 8 || adminPassword.length > 100)) {
    // Said under the name the operator set (the chart's default is "xxx"), not as ADMIN_PASSWORD.
    return {
      env, warnings, ignored,
      error: { variable: fromOf('managementportal.common.adminPassword'), message: "must be 8 to 100 characters long (the portal's rule for the admin password)" },
    };
  }
  if (adminPassword) {
    // MP sets admin's password from this at every start; ADMIN_PASSWORD alone sets it only on an empty database.
    set('ADMIN_PASSWORD', adminPassword, fromOf('managementportal.common.adminPassword'));
    if (env.ADMIN_PASSWORD === adminPassword) set('ADMIN_PASSWORD_EVERY_START', 'true', fromOf('managementportal.common.adminPassword'));
  }

  const clientId = get('managementportal.frontend.clientId');
  if (clientId !== undefined && clientId !== 'ManagementPortalapp') {
    warnings.push(`${fromOf('managementportal.frontend.clientId')} is "${clientId}": the portal's own client is always ManagementPortalapp; ignored`);
  }

  // Everything else that looks like MP's: the ignored ones said once, the unknown ones warned about.
  for (const [key, v] of values) {
    if (used.has(key)) continue;
    if (IGNORED_EXACT.some((n) => normalized(n) === key) || IGNORED_PREFIXES.some((p) => key.startsWith(normalized(p)))) {
      ignored.push(v.from);
    } else if (key.startsWith('MANAGEMENTPORTALAUTHSERVER') || key.startsWith('MANAGEMENTPORTALIDENTITYSERVER')) {
      ignored.push(v.from); // the external servers' settings, meaningless with the internal ones
    } else if (key.startsWith('MANAGEMENTPORTAL')) {
      warnings.push(`${v.from} is a ManagementPortal setting this portal does not support; ignored`);
    }
    // Other SPRING_* and SERVER_* names are Spring's own (logging, JPA, ...) and mean nothing here.
  }
  return { env, warnings, ignored: [...new Set(ignored)].sort() };
}
