import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { isLoopbackAddress, isPublicAddress } from '../../../net/public-address.ts';

// The SSRF rule of a founder's own model server (issue 23 §1): the server only ever connects to a public address,
// or to this machine's loopback when the server runs as someone's own install (local mode). The check runs on the
// address each connection is actually opened to, after DNS, so a name that resolves to a public address when it
// is saved and to 10.0.0.5 later is refused then too (no DNS rebinding); redirects are refused outright.

export interface AddressPolicy {
  /** Loopback model servers (a local Ollama) may be reached: local mode only. */
  loopback: boolean;
}

export const addressAllowed = (ip: string, policy: AddressPolicy): boolean =>
  isPublicAddress(ip) || (policy.loopback && isLoopbackAddress(ip));

/** A connection the rule refused; `loopback` says the address was this machine's (allowed only in local mode). */
export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  constructor(
    readonly address: string,
    readonly loopback: boolean,
  ) {
    super(`model server address ${address} is not allowed`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** net.connect's `lookup`, refusing the whole host when any address it resolves to breaks the rule. */
function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !addressAllowed(a.address, policy));
      if (bad) return callback(new BlockedAddressError(bad.address, isLoopbackAddress(bad.address)), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The addresses `host` resolves to, or the reason it may not be called: the same rule as the connections, asked up
 * front so Save and Test connection can say why in plain words instead of "could not be reached".
 */
export async function checkModelHost(host: string, policy: AddressPolicy): Promise<'ok' | 'unresolved' | BlockedAddressError> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
  else {
    try {
      addresses = (await new Promise<LookupAddress[]>((resolve, reject) =>
        dnsLookup(bare, { all: true }, (err, found) => (err ? reject(err) : resolve(found))),
      )).map((a) => a.address);
    } catch {
      return 'unresolved';
    }
  }
  const bad = addresses.find((a) => !addressAllowed(a, policy));
  return bad ? new BlockedAddressError(bad, isLoopbackAddress(bad)) : 'ok';
}

// One connection pool per policy, shared by every founder's requests (pools are keyed by origin inside). undici
// loads with the first request to a founder's own server, not at start-up.
const agents = new Map<boolean, Promise<Agent>>();

function agentFor(policy: AddressPolicy): Promise<Agent> {
  let agent = agents.get(policy.loopback);
  if (!agent) {
    agent = import('undici').then((loaded) => {
      // The default export (undici is CommonJS: its module.exports): in the server bundle (server/build.mjs) import()
      // of a CommonJS package has no named exports.
      const { Agent } = loaded.default;
      return new Agent({ connect: { lookup: guardedLookup(policy) } });
    });
    agents.set(policy.loopback, agent);
  }
  return agent;
}

/** A fetch for the OpenAI SDK that connects only where the policy allows and never follows a redirect. */
export function guardedFetch(policy: AddressPolicy): typeof fetch {
  // Node's own fetch with this Agent (undici's dispatcher interface; both undici 7): the SDK's bodies (FormData
  // uploads too) are Node's own classes, which only Node's fetch serialises.
  return (async (input: string | URL | Request, init?: RequestInit) => {
    // A literal IP is connected to without a lookup: it is checked here instead.
    const url = new URL(typeof input === 'string' ? input : 'href' in input ? input.href : input.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !addressAllowed(host, policy)) throw new BlockedAddressError(host, isLoopbackAddress(host));
    return fetch(input, { ...init, redirect: 'error', dispatcher: await agentFor(policy) } as RequestInit);
  }) as typeof fetch;
}
