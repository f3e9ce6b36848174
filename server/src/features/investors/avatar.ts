import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { INVESTORS } from '@cofounder/shared';

// GET …/linkedin-avatar?url=: fetches a LinkedIn profile image for the browser, which may not load it directly.
// It is a server-side fetch of a user-supplied URL, so everything is refused except https on the allow-listed
// hosts, on their default port, resolving only to public addresses (every address checked, and the connection
// pinned to the checked one, so a DNS answer cannot change between check and connect), with at most two
// redirects that pass the same checks, bounded in time and size, image types only.

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface AvatarFetchResponse {
  status: number;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading (the size cap was hit). */
  cancel(): void;
}

export interface AvatarNet {
  /** Every address the host resolves to. */
  lookup(host: string): Promise<ResolvedAddress[]>;
  /** GET `url`, connecting to `address` (already checked) without following redirects. */
  fetch(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<AvatarFetchResponse>;
}

export class AvatarRefused extends Error {
  override name = 'AvatarRefused';
}
export class AvatarUpstreamError extends Error {
  override name = 'AvatarUpstreamError';
}

const MAX_REDIRECTS = 2;
const CACHE_ENTRIES = 500;

const blocked = new BlockList();
for (const [net, prefix] of [
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
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: checked through the embedded IPv4 below as well
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4 carries an IPv4 address
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address embeds (mapped ::ffff:a.b.c.d or ::ffff:xxxx:xxxx), if any. */
function embeddedIPv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address a request may go to: not private, loopback, link-local, reserved or multicast. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(ip);
    if (v4) return isPublicAddress(v4);
    return !blocked.check(ip, 'ipv6');
  }
  return false;
}

/** The URL if it may be fetched at all (before DNS): https, an allow-listed host, default port, no userinfo. */
export function checkAvatarUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw.toString());
  } catch {
    throw new AvatarRefused('The avatar URL is not a valid URL');
  }
  if (url.protocol !== 'https:') throw new AvatarRefused('Only https avatar URLs are allowed');
  if (url.username || url.password) throw new AvatarRefused('Avatar URLs must not contain credentials');
  if (url.port !== '') throw new AvatarRefused('Avatar URLs must use the default port');
  if (!(INVESTORS.avatar.hosts as readonly string[]).includes(url.hostname.toLowerCase())) {
    throw new AvatarRefused('Only LinkedIn image hosts are allowed');
  }
  return url;
}

/** The real network: DNS through the OS resolver, https pinned to the checked address. */
export const realAvatarNet: AvatarNet = {
  async lookup(host) {
    const found = await dnsLookup(host, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
  fetch(url, address, signal) {
    return new Promise((resolve, reject) => {
      const req = httpsRequest(
        url,
        {
          method: 'GET',
          signal,
          headers: { accept: 'image/*', 'user-agent': 'Cofounder avatar proxy' },
          // Connect to the address we checked, whatever DNS would answer now (TLS still verifies the host name).
          lookup: (_host, options, cb) => {
            const done = cb as (err: Error | null, address: unknown, family?: number) => void;
            if ((options as { all?: boolean }).all)
              done(null, [{ address: address.address, family: address.family }]);
            else done(null, address.address, address.family);
          },
        },
        (res) => {
          const headers: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(res.headers))
            headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
          resolve({ status: res.statusCode ?? 0, headers, body: res, cancel: () => res.destroy() });
        },
      );
      req.on('error', reject);
      req.end();
    });
  },
};

export interface AvatarProxy {
  /** A data: URL of the image, or AvatarRefused (400) / AvatarUpstreamError (502). */
  get(url: string): Promise<string>;
}

export function createAvatarProxy(options: { net?: AvatarNet; now?: () => number } = {}): AvatarProxy {
  const net = options.net ?? realAvatarNet;
  const now = options.now ?? Date.now;
  const { maxBytes, timeoutMs, cacheMs } = INVESTORS.avatar;
  // Insertion order is age order: past the bound the oldest entry goes.
  const cache = new Map<string, { dataUrl: string; expires: number }>();

  async function resolvePublic(url: URL): Promise<ResolvedAddress> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await net.lookup(url.hostname);
    } catch {
      throw new AvatarUpstreamError('The avatar host could not be resolved');
    }
    if (!addresses.length) throw new AvatarUpstreamError('The avatar host could not be resolved');
    if (addresses.some((a) => !isPublicAddress(a.address))) {
      throw new AvatarRefused('The avatar host resolves to a private address');
    }
    return addresses[0]!;
  }

  async function fetchImage(start: URL, signal: AbortSignal): Promise<string> {
    let url = start;
    for (let hop = 0; ; hop++) {
      const address = await resolvePublic(url);
      let res: AvatarFetchResponse;
      try {
        res = await net.fetch(url, address, signal);
      } catch {
        throw new AvatarUpstreamError(
          signal.aborted ? 'The avatar took too long to load' : 'The avatar could not be loaded',
        );
      }
      if (res.status >= 300 && res.status < 400) {
        res.cancel();
        const location = res.headers.location;
        if (!location) throw new AvatarUpstreamError('The avatar host redirected nowhere');
        if (hop >= MAX_REDIRECTS) throw new AvatarRefused('The avatar URL redirects too many times');
        // A redirect passes every check the first URL did (scheme, host, port, credentials, then DNS).
        url = checkAvatarUrl(new URL(location, url));
        continue;
      }
      if (res.status !== 200) {
        res.cancel();
        throw new AvatarUpstreamError(`The avatar host answered ${res.status}`);
      }
      const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!/^image\/[a-z0-9.+-]+$/.test(type) || type === 'image/svg+xml') {
        res.cancel();
        throw new AvatarUpstreamError('The avatar is not an image');
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.cancel();
        throw new AvatarUpstreamError('The avatar is too large');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of res.body) {
          size += chunk.byteLength;
          if (size > maxBytes) {
            res.cancel();
            throw new AvatarUpstreamError('The avatar is too large');
          }
          chunks.push(Buffer.from(chunk));
        }
      } catch (err) {
        if (err instanceof AvatarUpstreamError) throw err;
        throw new AvatarUpstreamError(
          signal.aborted ? 'The avatar took too long to load' : 'The avatar could not be loaded',
        );
      }
      if (signal.aborted) throw new AvatarUpstreamError('The avatar took too long to load');
      return `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`;
    }
  }

  return {
    async get(raw) {
      const url = checkAvatarUrl(raw);
      const key = url.toString();
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.dataUrl;
      if (hit) cache.delete(key);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        // The timeout covers DNS too: a lookup that hangs must not hold the request.
        const dataUrl = await Promise.race([
          fetchImage(url, controller.signal),
          new Promise<never>((_, reject) =>
            controller.signal.addEventListener('abort', () =>
              reject(new AvatarUpstreamError('The avatar took too long to load')),
            ),
          ),
        ]);
        cache.set(key, { dataUrl, expires: now() + cacheMs });
        while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        return dataUrl;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
