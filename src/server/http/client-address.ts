// The address of the client behind a request, for sign-in throttling, audit events and logs. Behind a reverse
// proxy every socket comes from the proxy, so the proxy's X-Forwarded-For is believed, but only when the direct peer
// is one of TRUSTED_PROXIES: anyone else could write that header to dodge the throttle or forge the audit trail.
// The header is read from the right (each proxy appends the address it saw): the right-most address that is not
// itself a trusted proxy is the client. X-Forwarded-Proto is not read: links, redirects and the cookie's Secure flag
// all follow PUBLIC_URL, never the request.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  /** The entries as configured (addresses and CIDR ranges). */
  readonly entries: string[];
  matches(address: string): boolean;
}

/** A bare address from a socket or a forwarded hop: brackets and ports dropped, IPv4-mapped IPv6 as IPv4. */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1];
  const version = isIP(value);
  if (version === 0) return undefined;
  return version === 6 ? value.toLowerCase() : value;
}

const family = (address: string) => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/** Throws an Error naming the first entry that is neither an IPv4/IPv6 address nor a CIDR range. */
export function parseTrustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address);
    const maxPrefix = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (version === 0 || extra !== undefined || !prefixOk) {
      throw new Error(`holds "${entry}", which is neither an IP address nor a CIDR range such as 10.0.0.0/8 or fd00::/8`);
    }
    if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  return {
    entries: [...entries],
    matches(address: string): boolean {
      const bare = normalizeAddress(address);
      if (!bare) return false;
      try {
        return list.check(bare, family(bare));
      } catch {
        return false; // an address BlockList cannot read (an IPv6 zone id, say) is not a trusted proxy
      }
    },
  };
}

// Parsed once per configured list (the config object lives as long as the server).
const compiled = new WeakMap<readonly string[], TrustedProxies>();

function proxiesOf(entries: readonly string[]): TrustedProxies {
  let proxies = compiled.get(entries);
  if (!proxies) compiled.set(entries, (proxies = parseTrustedProxies(entries)));
  return proxies;
}

/** The client's address: the socket's, or, when the socket is a trusted proxy, the one X-Forwarded-For names. */
export function clientAddress(req: IncomingMessage, trusted: readonly string[] | undefined): string {
  const socketAddress = req.socket.remoteAddress ?? '';
  const peer = normalizeAddress(socketAddress) ?? socketAddress;
  if (!trusted?.length) return peer;
  const proxies = proxiesOf(trusted);
  if (!proxies.matches(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = Array.isArray(header) ? header.join(',') : header;
  if (!forwarded) return peer;
  const hops = forwarded.split(',');
  let address = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    // A hop that is no address at all: keep the last one a trusted proxy vouched for, never the garbage.
    if (!hop) break;
    address = hop;
    if (!proxies.matches(hop)) break;
  }
  return address;
}
