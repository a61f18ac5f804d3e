// Reading a PKCS#12 key store (`keystore.p12`) as ManagementPortal keeps its token keys in one: each key entry is an
// alias (the bags' friendlyName) with a private key and its certificate chain. node:crypto cannot read PKCS#12, so
// node-forge decodes the container and does its password-based decryption (PBES2 with PBKDF2 and AES as current
// JDKs write it; 3DES and 40-bit RC2 as JDK 8 wrote it) and checks the MAC; the keys and certificates it hands back
// as DER are then loaded with node:crypto, which does everything else (signing, verifying, thumbprints).
//
// forge only models RSA keys and certificates itself; an EC key or certificate comes back as its ASN.1 structure,
// which is the DER PKCS#8 PrivateKeyInfo / X.509 Certificate node:crypto reads. An RSA one is turned back into DER
// from forge's objects: forge keeps the certificate's signed part as read, so the DER is the original's.
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';

export interface KeyStoreEntry {
  alias: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** DER certificates, the entry's own first, then the ones that issued it (as far as the store holds them). */
  certificates: Buffer[];
}

/** Which setting a key store problem is about, so the start-up message can name it. */
export type KeyStoreSetting = 'file' | 'password' | 'signingAlias' | 'checkingAliases';

/** A key store that cannot be used; the message says why (config.ts adds the setting's name). */
export class KeyStoreError extends Error {
  constructor(message: string, readonly setting: KeyStoreSetting = 'file') {
    super(message);
  }
}

interface Bag {
  attributes: Record<string, unknown[] | undefined>;
  key?: forge.pki.PrivateKey | null;
  cert?: forge.pki.Certificate | null;
  asn1?: forge.asn1.Asn1;
}

const binary = (der: Buffer) => forge.util.createBuffer(der.toString('binary'));
const toBuffer = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
const attribute = (bag: Bag, name: string): string | undefined => {
  const value = bag.attributes[name]?.[0];
  return typeof value === 'string' ? value : undefined;
};

function privateKeyOf(bag: Bag): KeyObject {
  const der = bag.asn1
    ? toBuffer(bag.asn1)
    : toBuffer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey)));
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

function certificateOf(bag: Bag): X509Certificate {
  return new X509Certificate(bag.asn1 ? toBuffer(bag.asn1) : toBuffer(forge.pki.certificateToAsn1(bag.cert!)));
}

/** The entry's certificate followed by its issuers, each found among the store's certificates. */
function chainOf(leaf: X509Certificate, all: X509Certificate[]): Buffer[] {
  const chain = [leaf];
  for (let current = leaf; chain.length <= all.length; ) {
    if (current.checkIssued(current)) break; // self-signed: the chain ends here
    const issuer = all.find((candidate) => !chain.includes(candidate) && current.checkIssued(candidate));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain.map((certificate) => certificate.raw);
}

/** Every key entry of the store at `path`, in the store's order. */
export function readKeyStore(path: string, password: string): KeyStoreEntry[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new KeyStoreError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let pfx: forge.asn1.Asn1;
  try {
    pfx = forge.asn1.fromDer(binary(bytes));
  } catch {
    throw new KeyStoreError(`${path} is not a PKCS#12 key store`);
  }
  // A PFX is (version, authSafe, macData); without the MAC nothing proves the password or the content.
  if (!Array.isArray(pfx.value) || pfx.value.length < 3) throw new KeyStoreError(`${path} is not a PKCS#12 key store protected by a password (no MAC)`);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(pfx, true, password);
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/MAC could not be verified|wrong password/i.test(message)) {
      throw new KeyStoreError(`does not open ${path}: wrong password (the store's integrity check fails)`, 'password');
    }
    throw new KeyStoreError(`${path} cannot be read as a PKCS#12 key store: ${message}`);
  }
  const bags = p12.safeContents.flatMap((contents) => contents.safeBags as unknown as Bag[]);
  const keyBags = bags.filter((bag) => bag.key !== undefined);
  const certBags = bags.filter((bag) => bag.cert !== undefined);
  let certificates: { bag: Bag; certificate: X509Certificate }[];
  try {
    certificates = certBags.map((bag) => ({ bag, certificate: certificateOf(bag) }));
  } catch (error) {
    throw new KeyStoreError(`${path} holds a certificate that cannot be read: ${(error as Error).message}`);
  }
  return keyBags.map((bag, index) => {
    const alias = attribute(bag, 'friendlyName') ?? `#${index + 1}`;
    let privateKey: KeyObject;
    try {
      privateKey = privateKeyOf(bag);
    } catch (error) {
      throw new KeyStoreError(`${path}: the key of alias ${alias} cannot be read: ${(error as Error).message}`);
    }
    const publicKey = createPublicKey(privateKey);
    // The certificate of a key entry shares its localKeyId (keytool, openssl); else it is the one holding its key.
    const keyId = attribute(bag, 'localKeyId');
    const own =
      certificates.find((c) => keyId !== undefined && attribute(c.bag, 'localKeyId') === keyId) ??
      certificates.find((c) => c.certificate.publicKey.equals(publicKey));
    if (!own) throw new KeyStoreError(`${path}: alias ${alias} has no certificate`);
    if (!own.certificate.publicKey.equals(publicKey)) throw new KeyStoreError(`${path}: the certificate of alias ${alias} is not for its key`);
    const chain = chainOf(own.certificate, certificates.map((c) => c.certificate));
    return { alias, privateKey, publicKey, certificates: chain };
  });
}
