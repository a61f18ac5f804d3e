// ManagementPortal's configuration names (the Helm chart's environment) translated into ours: both Spring
// spellings, indexed lists and SPRING_APPLICATION_JSON, the JDBC URL, mail, the admin password's meaning, what is
// ignored, what stops the start, and our own names winning.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jdbcToPostgresUrl, translateMpEnv } from '../../src/server/config-mp-env';
import { ConfigError, loadConfig } from '../../src/server/config';

test('both Spring spellings of a name', () => {
  for (const name of ['MANAGEMENTPORTAL_COMMON_MANAGEMENT_PORTAL_BASE_URL', 'MANAGEMENTPORTAL_COMMON_MANAGEMENTPORTALBASEURL']) {
    const { env, warnings } = translateMpEnv({ [name]: 'https://radar.example.org/managementportal' });
    assert.is(env.PUBLIC_URL, 'https://radar.example.org/managementportal', name);
    assert.equal(warnings, []);
  }
  for (const name of ['MANAGEMENTPORTAL_COMMON_BASEURL', 'MANAGEMENTPORTAL_COMMON_BASE_URL']) {
    assert.is(translateMpEnv({ [name]: 'https://radar.example.org' }).env.PLATFORM_BASE_URL, 'https://radar.example.org', name);
  }
  assert.is(translateMpEnv({ MANAGEMENTPORTAL_OAUTH_META_TOKEN_TIMEOUT: 'PT2H' }).env.META_TOKEN_TIMEOUT, 'PT2H');
  assert.is(translateMpEnv({ MANAGEMENTPORTAL_OAUTH_METATOKENTIMEOUT: 'PT2H' }).env.META_TOKEN_TIMEOUT, 'PT2H');
  assert.is(translateMpEnv({ MANAGEMENTPORTAL_OAUTH_PERSISTENT_META_TOKEN_TIMEOUT: '' }).env.PERSISTENT_META_TOKEN_TIMEOUT, '');
});

test('every one-to-one name the chart sets', () => {
  const { env, warnings, ignored } = translateMpEnv({
    MANAGEMENTPORTAL_FRONTEND_CLIENTID: 'ManagementPortalapp',
    MANAGEMENTPORTAL_FRONTEND_CLIENT_SECRET: 'front-secret',
    MANAGEMENTPORTAL_COMMON_PRIVACY_POLICY_URL: 'https://radar.example.org/privacy',
    MANAGEMENTPORTAL_OAUTH_CLIENTS_FILE: '/mp-includes/config/oauth_client_details.csv',
    MANAGEMENTPORTAL_OAUTH_KEY_STORE_PASSWORD: 'radarbase',
    MANAGEMENTPORTAL_OAUTH_SIGNING_KEY_ALIAS: 'radarbase-managementportal-ec',
    MANAGEMENTPORTAL_OAUTH_CHECKING_KEY_ALIASES: 'radarbase-managementportal-ec,selfsigned',
    MANAGEMENTPORTAL_MAIL_FROM: 'radar@example.org',
    MANAGEMENTPORTAL_CATALOGUE_SERVER_ENABLE_AUTO_IMPORT: 'true',
    MANAGEMENTPORTAL_CATALOGUE_SERVER_SERVER_URL: 'http://catalogue-server:9010/source-types',
    SERVER_PORT: '8080',
    SERVER_SERVLET_CONTEXT_PATH: '/managementportal',
  });
  assert.equal(warnings, []);
  assert.equal(ignored, []);
  assert.is(env.FRONTEND_CLIENT_SECRET, 'front-secret');
  assert.is(env.PRIVACY_POLICY_URL, 'https://radar.example.org/privacy');
  assert.is(env.OAUTH_CLIENTS_FILE, '/mp-includes/config/oauth_client_details.csv');
  assert.is(env.KEY_STORE_PASSWORD, 'radarbase');
  assert.is(env.SIGNING_KEY_ALIAS, 'radarbase-managementportal-ec');
  assert.is(env.CHECKING_KEY_ALIASES, 'radarbase-managementportal-ec,selfsigned');
  assert.is(env.MAIL_FROM, 'radar@example.org');
  assert.is(env.CATALOGUE_AUTO_IMPORT, 'true');
  assert.is(env.CATALOGUE_SERVER_URL, 'http://catalogue-server:9010/source-types');
  assert.is(env.PORT, '8080');
  assert.is(env.BASE_PATH, '/managementportal');
});

test('lists: indexed variables and SPRING_APPLICATION_JSON, which wins over single variables', () => {
  const indexed = translateMpEnv({
    MANAGEMENTPORTAL_OAUTH_CHECKING_KEY_ALIASES_1: 'selfsigned',
    MANAGEMENTPORTAL_OAUTH_CHECKING_KEY_ALIASES_0: 'radarbase-managementportal-ec',
  });
  assert.is(indexed.env.CHECKING_KEY_ALIASES, 'radarbase-managementportal-ec,selfsigned');
  const json = translateMpEnv({
    MANAGEMENTPORTAL_MAIL_FROM: 'env@example.org',
    SPRING_APPLICATION_JSON: JSON.stringify({
      managementportal: {
        oauth: { checkingKeyAliases: ['a', 'b'] },
        siteSettings: { hiddenSubjectFields: ['person_name', 'date_of_birth'] },
        mail: { from: 'json@example.org' },
      },
      'server.servlet.context-path': '/mp',
    }),
  });
  assert.is(json.env.CHECKING_KEY_ALIASES, 'a,b');
  assert.is(json.env.HIDDEN_SUBJECT_FIELDS, 'person_name,date_of_birth');
  assert.is(json.env.MAIL_FROM, 'json@example.org');
  assert.is(json.env.BASE_PATH, '/mp');
  // The chart's form, with one of its two aliases left empty.
  const chart = translateMpEnv({ SPRING_APPLICATION_JSON: '{"managementportal":{"oauth":{"checkingKeyAliases":["radarbase-managementportal-ec",""]}}}' });
  assert.is(chart.env.CHECKING_KEY_ALIASES, 'radarbase-managementportal-ec');
  assert.ok(translateMpEnv({ SPRING_APPLICATION_JSON: '{nope' }).warnings.some((w) => w.includes('SPRING_APPLICATION_JSON')));
});

test('the JDBC datasource URL becomes a postgres URL', () => {
  const warnings: string[] = [];
  assert.is(
    jdbcToPostgresUrl('jdbc:postgresql://db.example.org:5433/managementportal?user=mp&password=p%40ss&sslmode=require', undefined, undefined, warnings),
    'postgres://mp:p%40ss@db.example.org:5433/managementportal?sslmode=require',
  );
  assert.equal(warnings, []);
  // The separate username and password win over the URL's, and are encoded.
  const { env } = translateMpEnv({
    SPRING_DATASOURCE_URL: 'jdbc:postgresql://radar-postgresql:5432/managementportal?user=old&ApplicationName=mp',
    SPRING_DATASOURCE_USERNAME: 'postgres',
    SPRING_DATASOURCE_PASSWORD: 'p@ss:/word',
  });
  assert.is(env.DATABASE_URL, 'postgres://postgres:p%40ss%3A%2Fword@radar-postgresql:5432/managementportal');
  const t = translateMpEnv({ SPRING_DATASOURCE_URL: 'jdbc:postgresql://h/db?ApplicationName=mp' });
  assert.ok(t.warnings.some((w) => w.includes('ApplicationName')));
  assert.is(jdbcToPostgresUrl('jdbc:postgresql:managementportal', 'u', undefined, []), 'postgres://u@localhost:5432/managementportal');
  assert.is(jdbcToPostgresUrl('jdbc:hsqldb:mem:x', undefined, undefined, []), undefined);
  const bad = translateMpEnv({ SPRING_DATASOURCE_URL: 'jdbc:hsqldb:mem:managementportal' });
  assert.is(bad.error?.variable, 'SPRING_DATASOURCE_URL');
  // loadConfig reads it through the translation.
  const config = loadConfig({ SPRING_DATASOURCE_URL: 'jdbc:postgresql://pg:5432/managementportal', SPRING_DATASOURCE_USERNAME: 'mp', SPRING_DATASOURCE_PASSWORD: 'pw', WORKERS: '1' });
  assert.is(config.databaseUrl, 'postgres://mp:pw@pg:5432/managementportal');
});

test('Spring mail settings become SMTP_URL', () => {
  const mail = (extra: Record<string, string>) => translateMpEnv({ SPRING_MAIL_HOST: 'smtp.example.org', ...extra }).env.SMTP_URL;
  assert.is(mail({ SPRING_MAIL_PORT: '587', SPRING_MAIL_USERNAME: 'radar', SPRING_MAIL_PASSWORD: 'p w', SPRING_MAIL_PROPERTIES_MAIL_SMTP_AUTH: 'true', SPRING_MAIL_PROPERTIES_MAIL_SMTP_STARTTLS_ENABLE: 'true' }),
    'smtp://radar:p%20w@smtp.example.org:587');
  assert.is(mail({ SPRING_MAIL_PORT: '25', SPRING_MAIL_USERNAME: 'radar', SPRING_MAIL_PROPERTIES_MAIL_SMTP_AUTH: 'false', SPRING_MAIL_PROPERTIES_MAIL_SMTP_STARTTLS_ENABLE: 'false' }),
    'smtp://smtp.example.org:25?ignoreTLS=true');
  assert.is(mail({ SPRING_MAIL_PORT: '465' }), 'smtps://smtp.example.org:465');
  assert.is(mail({}), 'smtp://smtp.example.org:25');
  assert.is(translateMpEnv({ SPRING_MAIL_PORT: '25' }).env.SMTP_URL, undefined);
});

test('the admin password keeps MP meaning: set at every start', () => {
  const { env } = translateMpEnv({ MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: 'chart-admin-pw' });
  assert.is(env.ADMIN_PASSWORD, 'chart-admin-pw');
  assert.is(env.ADMIN_PASSWORD_EVERY_START, 'true');
  const config = loadConfig({ MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: 'chart-admin-pw' });
  assert.is(config.adminPassword, 'chart-admin-pw');
  assert.is(config.adminPasswordEveryStart, true);
  // Too short for the portal (the chart's default value is "xxx"): the start stops, naming MP's variable.
  assert.throws(() => loadConfig({ MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: 'xxx' }),
    (e: Error) => e instanceof ConfigError && e.message.startsWith('Invalid configuration: MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD must be 8 to 100'));
  // Our ADMIN_PASSWORD alone keeps its own meaning (only on an empty database).
  assert.is(loadConfig({ ADMIN_PASSWORD: 'our-admin-pw' }).adminPasswordEveryStart, false);
  // Both set: ours wins, with a warning, and MP's every-start meaning does not come along.
  const both = translateMpEnv({ MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: 'chart-admin-pw', ADMIN_PASSWORD: 'our-admin-pw' });
  assert.is(both.env.ADMIN_PASSWORD, 'our-admin-pw');
  assert.is(both.env.ADMIN_PASSWORD_EVERY_START, undefined);
  assert.ok(both.warnings.some((w) => w.includes('MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD') && w.includes('ADMIN_PASSWORD')));
});

test('our own names win, with a warning', () => {
  const t = translateMpEnv({ SERVER_PORT: '8080', PORT: '9000', MANAGEMENTPORTAL_MAIL_FROM: 'a@example.org', MAIL_FROM: 'a@example.org' });
  assert.is(t.env.PORT, '9000');
  assert.equal(t.warnings, ['SERVER_PORT is ignored: PORT is set too, and wins']);
  assert.is(loadConfig({ SERVER_PORT: '8080', PORT: '9000' }).port, 9000);
});

test('accepted and ignored; unknown MP names warned about', () => {
  const t = translateMpEnv({
    JAVA_OPTS: '-Xmx1g', JHIPSTER_SLEEP: '10', SPRING_PROFILES_ACTIVE: 'prod,api-docs',
    SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE: '20', SPRING_DATASOURCE_HIKARI_CONNECTION_TIMEOUT: '3000',
    // `true` is what this server is (its own auth and identity server): read, neither ignored nor warned about.
    MANAGEMENTPORTAL_AUTHSERVER_INTERNAL: 'true', MANAGEMENTPORTAL_IDENTITY_SERVER_INTERNAL: 'true',
    MANAGEMENTPORTAL_AUTH_SERVER_JWKS_URL: 'http://hydra/keys',
    MANAGEMENTPORTAL_OAUTH_REQUIRE_AAL2: 'false', MANAGEMENTPORTAL_ACCOUNT_ENABLE_EXPOSE_TOKEN: 'true', SPRING_JPA_SHOW_SQL: 'false',
  });
  assert.equal(t.ignored, [
    'JAVA_OPTS', 'JHIPSTER_SLEEP', 'MANAGEMENTPORTAL_AUTH_SERVER_JWKS_URL', 'MANAGEMENTPORTAL_OAUTH_REQUIRE_AAL2',
    'SPRING_DATASOURCE_HIKARI_CONNECTION_TIMEOUT', 'SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE', 'SPRING_PROFILES_ACTIVE',
  ]);
  assert.equal(t.warnings, ['MANAGEMENTPORTAL_ACCOUNT_ENABLE_EXPOSE_TOKEN is a ManagementPortal setting this portal does not support; ignored']);
  assert.is(t.error, undefined);
  const config = loadConfig({ JAVA_OPTS: '-Xmx1g' });
  assert.equal(config.mpEnv.ignored, ['JAVA_OPTS']);
  // A frontend client id other than ours is said, not obeyed.
  assert.ok(translateMpEnv({ MANAGEMENTPORTAL_FRONTEND_CLIENT_ID: 'Other' }).warnings[0].includes('ManagementPortalapp'));
});

test("MP's Ory mode stops the start, saying what is supported", () => {
  for (const name of ['MANAGEMENTPORTAL_AUTHSERVER_INTERNAL', 'MANAGEMENTPORTAL_AUTH_SERVER_INTERNAL', 'MANAGEMENTPORTAL_IDENTITYSERVER_INTERNAL']) {
    const t = translateMpEnv({ [name]: 'false' });
    assert.is(t.error?.variable, name);
    let error: unknown;
    try {
      loadConfig({ [name]: 'false' });
    } catch (e) {
      error = e;
    }
    assert.instance(error, ConfigError);
    assert.match((error as Error).message, name);
    assert.match((error as Error).message, 'OIDC_ISSUER');
  }
});

test('deployment settings of ours: schema, auto-import, platform URL', () => {
  const c = loadConfig({});
  assert.is(c.databaseSchema, 'portal');
  assert.is(c.mpAutoImport, true);
  assert.is(c.platformBaseUrl, undefined, 'unset: PUBLIC_URL is used');
  const d = loadConfig({ DATABASE_SCHEMA: 'radar_portal', MP_AUTO_IMPORT: 'false', PLATFORM_BASE_URL: 'https://radar.example.org/' });
  assert.is(d.databaseSchema, 'radar_portal');
  assert.is(d.mpAutoImport, false);
  assert.is(d.platformBaseUrl, 'https://radar.example.org');
  for (const [env, variable] of [
    [{ DATABASE_SCHEMA: 'Portal; DROP' }, 'DATABASE_SCHEMA'],
    [{ MP_AUTO_IMPORT: 'yes' }, 'MP_AUTO_IMPORT'],
    [{ PLATFORM_BASE_URL: 'radar' }, 'PLATFORM_BASE_URL'],
    [{ ADMIN_PASSWORD_EVERY_START: 'true' }, 'ADMIN_PASSWORD_EVERY_START'],
  ] as [Record<string, string>, string][]) {
    assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && e.message.includes(variable), variable);
  }
});

test.run();
