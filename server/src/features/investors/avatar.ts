import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import { INVESTORS } from '@cofounder/shared';
import { isPublicAddress } from '../../net/public-address.ts';

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
