import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { isLoopbackAddress, isPublicAddress } from '../../../net/public-address.ts';

// The SSRF rule of a founder's own model server: the server only ever connects to a public address, or to this
// machine's loopback for a connection its founder saved from this machine on a local install. The check runs on the
// address each connection is actually opened to, after DNS, so a name that resolves to a public address when it is
// saved and to 127.0.0.1 or 10.0.0.5 later is refused then too (no DNS rebinding); redirects are refused outright.

export interface AddressPolicy {
  /** Loopback model servers (a local Ollama) may be reached. */
  loopback: boolean;
}

/** Every address a host name resolves to (the OS resolver unless a caller brings its own). */
export type HostLookup = (host: string) => Promise<LookupAddress[]>;

export const systemLookup: HostLookup = (host) =>
  new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, found) => (err ? reject(err) : resolve(found))));

export const addressAllowed = (ip: string, policy: AddressPolicy): boolean =>
  isPublicAddress(ip) || (policy.loopback && isLoopbackAddress(ip));

/** A connection the rule refused; `loopback` says the address was this machine's. */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(
    readonly address: string,
    readonly loopback: boolean,
  ) {
    super(`model server address ${address} is not allowed`);
  }
}

/** The first address of `addresses` the rule refuses, as the error a connection gets. */
function refusalAmong(addresses: readonly string[], policy: AddressPolicy): BlockedAddressError | null {
  const bad = addresses.find((a) => !addressAllowed(a, policy));
  return bad === undefined ? null : new BlockedAddressError(bad, isLoopbackAddress(bad));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** net.connect's `lookup`, refusing the whole host when any address it resolves to breaks the rule. */
function guardedLookup(policy: AddressPolicy, lookup: HostLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname).then(
      (addresses) => {
        const refused = refusalAmong(addresses.map((a) => a.address), policy);
        if (refused) return callback(refused, []);
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}

/** `host` as typed in a URL (IPv6 in brackets) without them. */
const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * The same rule as the connections, asked up front so Save and Test connection can answer before any request: 'ok',
 * 'unresolved' (no such name), or the refusal.
 */
export async function checkModelHost(
  host: string,
  policy: AddressPolicy,
  lookup: HostLookup = systemLookup,
): Promise<'ok' | 'unresolved' | BlockedAddressError> {
  const bare = bareHost(host);
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare)).map((a) => a.address);
    } catch {
      return 'unresolved';
    }
  }
  return refusalAmong(addresses, policy) ?? 'ok';
}

// One connection pool per resolver and policy, shared by every founder's requests (pools are keyed by origin inside).
// undici loads with the first request to a founder's own server, not at start-up.
const agents = new WeakMap<HostLookup, Map<boolean, Promise<Agent>>>();

function agentFor(policy: AddressPolicy, lookup: HostLookup): Promise<Agent> {
  let byPolicy = agents.get(lookup);
  if (!byPolicy) agents.set(lookup, (byPolicy = new Map()));
  let agent = byPolicy.get(policy.loopback);
  if (!agent) {
    agent = import('undici').then((loaded) => {
      // The default export (undici is CommonJS: its module.exports): in the server bundle (server/build.mjs) import()
      // of a CommonJS package has no named exports.
      const { Agent } = loaded.default;
      return new Agent({ connect: { lookup: guardedLookup(policy, lookup) } });
    });
    byPolicy.set(policy.loopback, agent);
  }
  return agent;
}

/** A fetch for the OpenAI SDK that connects only where the policy allows and never follows a redirect. */
export function guardedFetch(policy: AddressPolicy, lookup: HostLookup = systemLookup): typeof fetch {
  // Node's own fetch with this Agent (undici's dispatcher interface; both undici 7): the SDK's bodies (FormData
  // uploads too) are Node's own classes, which only Node's fetch serialises.
  return (async (input: string | URL | Request, init?: RequestInit) => {
    // A literal IP is connected to without a lookup: it is checked here instead.
    const url = new URL(typeof input === 'string' ? input : 'href' in input ? input.href : input.url);
    const host = bareHost(url.hostname);
    const refused = isIP(host) ? refusalAmong([host], policy) : null;
    if (refused) throw refused;
    return fetch(input, { ...init, redirect: 'error', dispatcher: await agentFor(policy, lookup) } as RequestInit);
  }) as typeof fetch;
}
