import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../net/public-address.ts';

// The rules for where a machine may go (issue 12 §1, issue 13 §4). A machine is a browser on this server, so
// without them a page could reach the server itself, the private network or cloud metadata (169.254.169.254).
// The egress proxy applies these to every request a machine makes; act('navigate') applies them first so the
// founder reads why. Pure functions, plus resolveTarget which takes the DNS lookup as a parameter.

/**
 * The host as a browser would connect to it: lower case, IPv6 without brackets, and IPv4 in any odd form
 * (2130706433, 0x7f000001, 017700000001, 127.1) canonicalised to dotted decimal by the WHATWG URL parser.
 * Null when it is not a valid host.
 */
export function normaliseHost(host: string): string | null {
  if (!host) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}`).hostname;
  } catch {
    return null;
  }
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** `host:port` as allowHosts lists it (IPv6 in brackets). */
function hostPort(host: string, port: number): string {
  return `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

/** allowHosts entries normalised the same way as the hosts they are compared with. */
export function normaliseAllowHosts(entries: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    const match = /^(.*):(\d+)$/.exec(entry.trim());
    const host = match ? normaliseHost(match[1]!) : null;
    if (match && host) out.add(hostPort(host, Number(match[2])));
  }
  return out;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** What a machine may be told to open: http(s) URLs and about:blank. Other schemes never reach the browser. */
export function checkMachineUrl(raw: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `not a valid URL: ${raw.slice(0, 100)}` };
  }
  if (url.href === 'about:blank') return { ok: true, url };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `${url.protocol} URLs cannot be opened on a machine` };
  }
  return { ok: true, url };
}

/** The port a URL connects to (the URL parser drops default ports). */
export function urlPort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type TargetCheck =
  | { ok: true; host: string; addresses: ResolvedAddress[] }
  /** unresolved: the name has no address (an ordinary failure, not a refusal). */
  | { ok: false; reason: string; unresolved?: true };

export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

/** Every address the OS resolver gives for host (an IP literal resolves to itself). */
export const systemLookup: Lookup = async (host) => {
  const found = await dnsLookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Whether a machine may connect to host:port, and the addresses it may connect to. Only ports 80 and 443, or
 * a host:port pair in allowHosts (tests' fixture servers: these skip the address check). Every resolved
 * address must be public: one private answer refuses the host, so a resolver cannot hide one among others.
 * The caller connects to one of the returned addresses, never resolving again (no DNS rebinding).
 */
export async function resolveTarget(
  rawHost: string,
  port: number,
  allowHosts: ReadonlySet<string>,
  lookup: Lookup = systemLookup,
): Promise<TargetCheck> {
  const host = normaliseHost(rawHost);
  if (!host) return { ok: false, reason: 'not a valid host' };
  const allowListed = allowHosts.has(hostPort(host, port));
  if (!allowListed && port !== 80 && port !== 443) return { ok: false, reason: `port ${port} is not allowed` };
  if (!allowListed && isIP(host) && !isPublicAddress(host)) return { ok: false, reason: `private address ${host}` };
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch {
    return { ok: false, reason: `${host} could not be resolved`, unresolved: true };
  }
  if (!addresses.length) return { ok: false, reason: `${host} could not be resolved`, unresolved: true };
  if (!allowListed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) return { ok: false, reason: `private address ${bad.address}` };
  }
  return { ok: true, host, addresses };
}
