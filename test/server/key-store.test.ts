// ManagementPortal's PKCS#12 key store as MP 3.0 deployments have it (test/fixtures/mp-3.0/README.md): both
// encodings open with the password and yield the signing and checking keys with their certificates; a wrong
// password, a file that is no key store and unknown aliases stop the start with a message naming the setting; and
// the settings' defaults and precedence (KEY_STORE_FILE, ManagementPortal's path, SIGNING_KEY_FILE).
import { createHash, createSign, createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KeyStoreError, readKeyStore } from '../../src/server/auth/key-store';
import { keyStoreKeys } from '../../src/server/auth/key-store-keys';
import { readKeyStoreConfig } from '../../src/server/auth/key-store-config';
import { loadConfig } from '../../src/server/config';

const FIXTURES = resolve('test/fixtures/mp-3.0');
const STORES = { current: join(FIXTURES, 'keystore.p12'), legacy: join(FIXTURES, 'keystore-legacy.p12') };
const EC_ALIAS = 'radarbase-managementportal-ec';
const dir = mkdtempSync(join(tmpdir(), 'key-store-'));
const fail = (variable: string, problem: string): never => {
  throw new Error(`${variable} ${problem}`);
};

const t = suite('key store: reading MP 3.0 key stores');

for (const [encoding, file] of Object.entries(STORES)) {
  t(`the ${encoding} encoding opens with the password and holds the EC signing key and the RSA checking key`, () => {
    const entries = readKeyStore(file, 'radarbase');
    assert.equal(entries.map((e) => e.alias), [EC_ALIAS, 'selfsigned']);
    const [ec, rsa] = entries;
    assert.is(ec.privateKey.asymmetricKeyType, 'ec');
    assert.is(ec.privateKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
    assert.is(rsa.privateKey.asymmetricKeyType, 'rsa');
    assert.is(rsa.privateKey.asymmetricKeyDetails?.modulusLength, 4096);
    for (const entry of entries) {
      // The private key signs what the certificate's public key verifies: the two halves belong together.
      const signer = createSign('SHA256');
      signer.update('a token');
      const signature = signer.sign(entry.privateKey);
      assert.is(entry.certificates.length, 1, 'keytool -genkeypair makes a self-signed certificate: a chain of one');
      const certificate = new X509Certificate(entry.certificates[0]);
      const verifier = createVerify('SHA256');
      verifier.update('a token');
      assert.ok(verifier.verify(certificate.publicKey, signature));
      // The DER is the certificate as stored: its own signature still verifies over it.
      assert.ok(certificate.verify(certificate.publicKey), `${entry.alias}: the certificate's signature holds`);
    }
  });

  t(`the ${encoding} encoding: a wrong password is refused by the integrity check, clearly`, () => {
    assert.throws(
      () => readKeyStore(file, 'not-radarbase'),
      (error: Error) => error instanceof KeyStoreError && error.setting === 'password' && /wrong password/.test(error.message) && error.message.includes(file),
    );
  });
}

t('a missing file and a file that is no key store are refused with what is wrong', () => {
  assert.throws(() => readKeyStore(join(dir, 'missing.p12'), 'radarbase'), /cannot read .*missing\.p12: ENOENT/);
  const junk = join(dir, 'junk.p12');
  writeFileSync(junk, 'not a key store');
  assert.throws(() => readKeyStore(junk, 'radarbase'), /junk\.p12 is not a PKCS#12 key store/);
});

t('the signing alias signs; by default every other alias verifies; keys are named by their RFC 7638 thumbprint', () => {
  const keys = keyStoreKeys({ keyStoreFile: STORES.current, keyStorePassword: 'radarbase', signingKeyAlias: EC_ALIAS });
  assert.is(keys.signing.privateKey.asymmetricKeyType, 'ec');
  assert.is(keys.checking.length, 1);
  assert.is(keys.checking[0].publicKey.asymmetricKeyType, 'rsa');
  assert.not.ok('privateKey' in keys.checking[0], 'a checking key keeps no private half');
  const jwk = keys.signing.publicKey.export({ format: 'jwk' });
  const thumbprint = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y })).digest('base64url');
  assert.is(keys.signing.kid, thumbprint);
  const onlySigning = keyStoreKeys({ keyStoreFile: STORES.current, keyStorePassword: 'radarbase', signingKeyAlias: EC_ALIAS, checkingKeyAliases: [EC_ALIAS] });
  assert.is(onlySigning.checking.length, 0, 'the signing key verifies anyway and is not listed twice');
  const rsaSigns = keyStoreKeys({ keyStoreFile: STORES.legacy, keyStorePassword: 'radarbase', signingKeyAlias: 'SelfSigned' });
  assert.is(rsaSigns.signing.privateKey.asymmetricKeyType, 'rsa', 'aliases compare without case, as in Java');
  assert.is(rsaSigns.checking[0].publicKey.asymmetricKeyType, 'ec');
});

t.after(() => rmSync(dir, { recursive: true, force: true }));
t.run();

const c = suite('key store: settings');
const cdir = mkdtempSync(join(tmpdir(), 'key-store-config-'));
c.after(() => rmSync(cdir, { recursive: true, force: true }));

c('defaults: ManagementPortal\'s password and signing alias, every alias verifies, no store unless one is there', () => {
  const config = readKeyStoreConfig({}, fail, join(cdir, 'absent.p12'));
  assert.equal(config, { keyStoreFile: undefined, keyStorePassword: 'radarbase', signingKeyAlias: EC_ALIAS, checkingKeyAliases: undefined });
  const named = loadConfig({ KEY_STORE_FILE: STORES.legacy, KEY_STORE_PASSWORD: 'radarbase', SIGNING_KEY_ALIAS: 'selfsigned', CHECKING_KEY_ALIASES: ` ${EC_ALIAS} , selfsigned ` });
  assert.is(named.keyStoreFile, STORES.legacy);
  assert.is(named.signingKeyAlias, 'selfsigned');
  assert.equal(named.checkingKeyAliases, [EC_ALIAS, 'selfsigned']);
});

c('a store at ManagementPortal\'s path is used without any setting, unless SIGNING_KEY_FILE names a key', () => {
  const mpPath = join(cdir, 'keystore.p12');
  copyFileSync(STORES.current, mpPath);
  assert.is(readKeyStoreConfig({}, fail, mpPath).keyStoreFile, mpPath);
  const pem = join(cdir, 'key.pem');
  writeFileSync(pem, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  assert.is(readKeyStoreConfig({ SIGNING_KEY_FILE: pem }, fail, mpPath).keyStoreFile, undefined, 'the named key file wins');
  assert.throws(() => readKeyStoreConfig({ SIGNING_KEY_FILE: pem, KEY_STORE_FILE: mpPath }, fail, mpPath), /KEY_STORE_FILE and SIGNING_KEY_FILE are both set/);
  // Being there asks for it: a broken store at that path stops the start, naming the path.
  writeFileSync(mpPath, 'not a key store');
  assert.throws(() => readKeyStoreConfig({}, fail, mpPath), (error: Error) => error.message.includes(`key store ${mpPath}`) && /not a PKCS#12 key store/.test(error.message));
});

c('a wrong password, a missing store and unknown aliases stop the start with a message naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ KEY_STORE_FILE: STORES.current, KEY_STORE_PASSWORD: 'wrong' }, /^Invalid configuration: KEY_STORE_PASSWORD does not open .*keystore\.p12: wrong password/],
    [{ KEY_STORE_FILE: STORES.legacy, KEY_STORE_PASSWORD: 'wrong' }, /^Invalid configuration: KEY_STORE_PASSWORD does not open .*keystore-legacy\.p12: wrong password/],
    [{ KEY_STORE_FILE: join(cdir, 'missing.p12') }, /^Invalid configuration: KEY_STORE_FILE cannot read .*missing\.p12: ENOENT/],
    [{ KEY_STORE_FILE: STORES.current, SIGNING_KEY_ALIAS: 'nope' }, /^Invalid configuration: SIGNING_KEY_ALIAS names no key entry .*\("nope"; its aliases: radarbase-managementportal-ec, selfsigned\)/],
    [{ KEY_STORE_FILE: STORES.current, CHECKING_KEY_ALIASES: 'selfsigned,other' }, /^Invalid configuration: CHECKING_KEY_ALIASES names "other", which is no key entry/],
  ];
  for (const [env, message] of cases) assert.throws(() => loadConfig(env), message, JSON.stringify(env));
});

c.run();
