// The client's address for rate limits and login throttling (docs/decisions/204). TRUST_PROXY names the proxies
// whose X-Forwarded-For is believed, the way Express's `trust proxy` does; proxy-addr walks the header right to left
// from the TCP peer through trusted hops only, so a header sent by anyone else is never read.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/**
 * false: never read X-Forwarded-For (the TCP peer is the client). A number: that many hops in front of the app
 * are trusted whoever they are. A list: the proxies' addresses, CIDR ranges or the named ranges below.
 */
export type TrustProxy = false | number | readonly string[];

export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
/** Hop counts above this are refused: no deployment has that many proxies in front of it. */
export const MAX_PROXY_HOPS = 16;

const HELP = `use false, loopback, a comma-separated list of the proxies' addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8; also ${PROXY_RANGE_NAMES.join(', ')}), or a hop count such as 1`;
const LEGACY_TRUE = ['true', 'yes'];
const OFF = ['false', 'no', '0'];

export type TrustProxyParse = { ok: true; trust: TrustProxy; warning?: string } | { ok: false; error: string };

/** Parses a TRUST_PROXY value; `true` (ambiguous: it used to believe anyone) is read as loopback, with a warning. */
export function parseTrustProxy(raw: string): TrustProxyParse {
  const value = raw.trim();
  const word = value.toLowerCase();
  if (OFF.includes(word)) return { ok: true, trust: false };
  if (LEGACY_TRUE.includes(word)) {
    return {
      ok: true,
      trust: ['loopback'],
      warning: `TRUST_PROXY=${value} is read as TRUST_PROXY=loopback: X-Forwarded-For is believed only from a proxy on this machine. Set TRUST_PROXY=loopback (or the proxy's addresses) to silence this warning.`,
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS)
      return { ok: false, error: `a hop count must be between 0 and ${MAX_PROXY_HOPS}; ${HELP}` };
    return { ok: true, trust: hops === 0 ? false : hops };
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (entry === '') return { ok: false, error: `an empty entry in the list; ${HELP}` };
    if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) continue;
    if (!isAddressOrRange(entry)) {
      return {
        ok: false,
        error: `"${entry}" is not an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')}; ${HELP}`,
      };
    }
  }
  return { ok: true, trust: [...new Set(entries)] };
}

/**
 * "10.0.0.1", "10.0.0.0/8", "10.0.0.0/255.0.0.0", "fd00::/8": a dotted or colon address (node's strict isIP, not
 * ipaddr.js's lenient forms such as "1" or "0x7f000001", which proxy-addr would take), then what proxy-addr compiles.
 */
function isAddressOrRange(entry: string): boolean {
  const [address = '', range, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (range !== undefined && !/^\d{1,3}$/.test(range) && isIP(range) !== 4) return false;
  try {
    proxyaddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/** How the resolver saw one request: the address, and whether a local proxy's header was left unread (for a warning). */
export interface ClientAddress {
  address: string;
  /**
   * X-Forwarded-For came from a peer on this machine or a private network that TRUST_PROXY does not name: most likely
   * a proxy the operator forgot to name, which makes every visitor count as the proxy's one address.
   */
  unreadLocalProxy: boolean;
}

const isLocalPeer = proxyaddr.compile([...PROXY_RANGE_NAMES]);

/**
 * Compiles TRUST_PROXY once into a function of the node request (c.env.incoming of @hono/node-server).
 * Without a socket (in-process app.request in tests) the address is 'local' and no header is read.
 */
export function clientAddressResolver(setting: TrustProxy): (incoming: IncomingMessage | undefined) => ClientAddress {
  const trust: ((addr: string, i: number) => boolean) | null =
    setting === false
      ? null
      : typeof setting === 'number'
        ? (_addr, i) => i < setting
        : proxyaddr.compile([...setting]);
  return (incoming) => {
    const peer = incoming?.socket?.remoteAddress;
    if (!incoming || !peer) return { address: 'local', unreadLocalProxy: false };
    const forwarded = incoming.headers['x-forwarded-for'] !== undefined;
    if (!forwarded) return { address: peer, unreadLocalProxy: false };
    if (!trust || !trust(peer, 0)) return { address: peer, unreadLocalProxy: isLocalPeer(peer, 0) };
    // The peer and the trusted hops after it, right to left; the last entry is the first untrusted address.
    const chain = proxyaddr.all(incoming, trust);
    const address = chain[chain.length - 1]!;
    // A hop that passes on something that is not an address is counted as itself (the last trusted hop).
    return { address: isIP(address) === 0 ? (chain[chain.length - 2] ?? peer) : address, unreadLocalProxy: false };
  };
}
