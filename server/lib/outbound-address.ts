import dns from 'node:dns';
import net from 'node:net';

// The guard for every server-side request to an address a user supplied (today: web push
// endpoints). A name is resolved once, every address it resolves to is checked, and the
// connection is made to the checked address through the `lookup` hook of the http(s) agent, so
// a DNS answer that changes between the check and the connection (rebinding) cannot slip in.

/** Why a request was not sent; the message names the address, never our network. */
export class OutboundAddressRefused extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to a non-public address (${address})`);
    this.name = 'OutboundAddressRefused';
  }
}

/**
 * IPv4 ranges that are not on the public internet (IANA special-purpose registry): this host,
 * private, CGNAT, loopback, link-local (cloud metadata at 169.254.169.254), IETF protocol
 * assignments (Oracle's metadata at 192.0.0.192), documentation, benchmarking, multicast, reserved.
 */
const NON_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 is checked the other way round: only global unicast (2000::/3) is public, which leaves out
 * loopback, unspecified, IPv4-mapped and -translated, unique-local (fc00::/7, AWS metadata at
 * fd00:ec2::254), link-local and multicast. Inside 2000::/3, these carry or reach other
 * networks: IETF assignments and Teredo, documentation, 6to4, the new documentation prefix.
 */
const NON_PUBLIC_V6_IN_GLOBAL: Array<[string, number]> = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const nonPublic = new net.BlockList();
for (const [prefix, bits] of NON_PUBLIC_V4) nonPublic.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of NON_PUBLIC_V6_IN_GLOBAL) nonPublic.addSubnet(prefix, bits, 'ipv6');
const globalUnicastV6 = new net.BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** Whether an IP address (v4 or v6 literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family === 6) return globalUnicastV6.check(address, 'ipv6') && !nonPublic.check(address, 'ipv6');
  return false;
}

export type ResolvedAddress = { address: string; family: number };
/** Every address of a host name (dns.lookup with all: true); injected in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls/http(s) agents that resolves with `resolver`, refuses the connection
 * when any address is not public (a name with one private address among public ones is a
 * rebinding set-up), and hands the checked addresses to the socket. `allow` lets tests reach a
 * service on loopback; production passes nothing.
 */
export function guardedLookup(resolver: Resolver = systemResolver, allow: (address: string) => boolean = () => false) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolver(hostname)
      .then((addresses) => {
        const refused = addresses.find((a) => !isPublicAddress(a.address) && !allow(a.address));
        if (addresses.length === 0) throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
        if (refused) throw new OutboundAddressRefused(refused.address);
        const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        if (usable.length === 0) throw Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

/**
 * Checks a URL's host before any request: an IP literal is checked here, because sockets skip
 * `lookup` for literals; a name is checked again by the agent's lookup when it connects.
 */
export function assertPublicHost(url: URL, allow: (address: string) => boolean = () => false) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host) && !allow(host)) throw new OutboundAddressRefused(host);
}
