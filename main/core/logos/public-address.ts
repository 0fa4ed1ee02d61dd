// A logo's address comes from the service's data, which the app does not control: fetched
// blindly, it could make the app probe this computer or the private network it sits in
// (a router's admin page, a cloud metadata endpoint). Logos from anywhere but the account's
// own service are therefore fetched only from public addresses, judged on the address the
// connection really goes to: the name is resolved by our lookup (every address it gives must
// be public), and the connected socket's peer is checked again before a byte is sent, so a
// literal IP in any spelling (127.1, 2130706433, [::ffff:127.0.0.1]) or a DNS answer that
// changes between check and use cannot slip through.
//
// The ranges are IANA's special-purpose registries, matched by Node's own BlockList; no
// library is needed for a table this size.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';

const NOT_PUBLIC_V4: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

// Only global unicast (2000::/3) can be public; inside it, these are not. Everything outside
// it is refused, which covers ::1, ::, IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96),
// unique-local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8).
const NOT_PUBLIC_V6: ReadonlyArray<readonly [string, number, string]> = [
  ['2001::', 23, 'IETF protocol assignments (Teredo and others)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
];

const refusedV4 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) refusedV4.addSubnet(network, prefix, 'ipv4');
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const refusedV6 = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V6) refusedV6.addSubnet(network, prefix, 'ipv6');

/** Why an address is not public ('loopback', 'private', ...), or null when it is public. */
export function nonPublicReason(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) {
    if (!refusedV4.check(bare, 'ipv4')) return null;
    return NOT_PUBLIC_V4.find(([network, prefix]) => inSubnet(bare, network, prefix, 'ipv4'))?.[2] ?? 'not public';
  }
  if (family === 6) {
    const lower = bare.toLowerCase();
    if (!globalV6.check(lower, 'ipv6')) return describeOutsideGlobal(lower);
    if (!refusedV6.check(lower, 'ipv6')) return null;
    return NOT_PUBLIC_V6.find(([network, prefix]) => inSubnet(lower, network, prefix, 'ipv6'))?.[2] ?? 'not public';
  }
  return 'not an IP address';
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}

function describeOutsideGlobal(address: string): string {
  if (address === '::1') return 'loopback';
  if (address === '::') return 'unspecified';
  if (inSubnet(address, '::ffff:0:0', 96, 'ipv6')) return 'IPv4-mapped';
  if (inSubnet(address, 'fe80::', 10, 'ipv6')) return 'link-local';
  if (inSubnet(address, 'fc00::', 7, 'ipv6')) return 'private (unique local)';
  if (inSubnet(address, 'ff00::', 8, 'ipv6')) return 'multicast';
  return 'not global unicast';
}

function inSubnet(address: string, network: string, prefix: number, type: 'ipv4' | 'ipv6'): boolean {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return list.check(address, type);
}

/** The connection would go to an address that is not public. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC';
  constructor(host: string, address: string, reason: string) {
    super(host === address ? `${address} is a ${reason} address, not a public one` : `${host} resolves to ${address}, a ${reason} address, not a public one`);
    this.name = 'NonPublicAddressError';
  }
}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls that answers only when every address the name has is public: one
 * private address among public ones is refused too, since the connection may pick it.
 */
export function publicOnlyLookup(resolve: Resolve = systemResolve) {
  return (host: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    resolve(host).then(
      (addresses) => {
        const refused = addresses.map((entry) => [entry, nonPublicReason(entry.address)] as const).find(([, reason]) => reason !== null);
        if (addresses.length === 0) return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), []);
        if (refused) return callback(new NonPublicAddressError(host, refused[0].address, refused[1]!), []);
        if (typeof options === 'object' && options?.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

export interface PublicOnlyAgentOptions {
  /** Name resolution; the system's (getaddrinfo) otherwise. Tests give names the addresses they need. */
  resolve?: Resolve;
  connectTimeoutMs?: number;
}

/**
 * An undici Agent that connects only to public addresses: names through publicOnlyLookup,
 * and every connected socket's peer checked before it is used (a literal IP is never looked
 * up, and this is where it is caught).
 */
export function createPublicOnlyAgent(options: PublicOnlyAgentOptions = {}): Agent {
  const connector = buildConnector({ lookup: publicOnlyLookup(options.resolve), timeout: options.connectTimeoutMs ?? 10_000 } as buildConnector.BuildOptions);
  return new Agent({
    connect: (connectOptions, callback) => {
      const literal = connectOptions.hostname.replace(/^\[|\]$/g, '');
      const early = isIP(literal) ? nonPublicReason(literal) : null;
      if (early) return callback(new NonPublicAddressError(literal, literal, early), null);
      connector(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no connection'), null);
        const peer = (socket as Socket).remoteAddress ?? '';
        const reason = nonPublicReason(peer);
        if (reason) {
          socket.destroy();
          return callback(new NonPublicAddressError(connectOptions.hostname, peer, reason), null);
        }
        return callback(null, socket);
      });
    },
  });
}
