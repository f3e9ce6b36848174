import { Readable } from 'node:stream';
import { INVESTORS } from '@cofounder/shared';
import { describe, expect, it } from 'vitest';
import {
  AvatarRefused,
  AvatarUpstreamError,
  createAvatarProxy,
  type AvatarFetchResponse,
  type AvatarNet,
  type ResolvedAddress,
} from './avatar.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

interface Scripted {
  dns?: Record<string, string[]>;
  /** By URL: a response or a redirect target. */
  pages: Record<
    string,
    { status?: number; type?: string; body?: Buffer; location?: string; length?: string }
  >;
}

function fakeNet(s: Scripted): AvatarNet & { fetched: { url: string; address: string }[] } {
  const fetched: { url: string; address: string }[] = [];
  return {
    fetched,
    async lookup(host) {
      const found = s.dns?.[host] ?? ['203.0.114.10'];
      return found.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    async fetch(url, address): Promise<AvatarFetchResponse> {
      fetched.push({ url: url.toString(), address: address.address });
      const page = s.pages[url.toString()];
      if (!page) return { status: 404, headers: {}, body: Readable.from([]), cancel: () => undefined };
      return {
        status: page.status ?? (page.location ? 302 : 200),
        headers: {
          'content-type': page.type ?? 'image/png',
          location: page.location,
          'content-length': page.length,
        },
        body: Readable.from(page.body ? [page.body] : []),
        cancel: () => undefined,
      };
    },
  };
}

const IMG = 'https://media.licdn.com/dms/image/abc/profile.jpg';

async function refusal(p: Promise<unknown>): Promise<Error> {
  const err = await p.then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(err).not.toBeNull();
  return err!;
}

describe('avatar proxy', () => {
  it('answers an allow-listed image as a data: URL, and caches it', async () => {
    const net = fakeNet({ pages: { [IMG]: { body: PNG } } });
    const proxy = createAvatarProxy({ net });
    expect(await proxy.get(IMG)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(await proxy.get(IMG)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(net.fetched).toHaveLength(1);
    expect(net.fetched[0]!.address).toBe('203.0.114.10');
  });

  it('refuses other schemes, hosts, ports and credentials before any lookup', async () => {
    const net = fakeNet({ pages: {} });
    const proxy = createAvatarProxy({ net });
    for (const url of [
      'http://127.0.0.1/x',
      'http://media.licdn.com/x',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'https://evil.example/x',
      'https://media.licdn.com.evil.example/x',
      'https://user:pw@media.licdn.com/x',
      'https://media.licdn.com:444/x',
    ]) {
      expect(await refusal(proxy.get(url)), url).toBeInstanceOf(AvatarRefused);
    }
    expect(net.fetched).toHaveLength(0);
  });

  it('refuses an allow-listed host that resolves to a private address (any of its addresses)', async () => {
    for (const addresses of [
      ['127.0.0.1'],
      ['203.0.114.10', '10.0.0.5'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['fe80::1'],
      ['169.254.169.254'],
      ['fd00::1'],
    ]) {
      const net = fakeNet({ dns: { 'media.licdn.com': addresses }, pages: { [IMG]: { body: PNG } } });
      const err = await refusal(createAvatarProxy({ net }).get(IMG));
      expect(err, addresses.join()).toBeInstanceOf(AvatarRefused);
      expect(err.message).toMatch(/private/);
      expect(net.fetched).toHaveLength(0);
    }
  });

  it('follows at most two redirects, only to allow-listed https hosts that pass the same checks', async () => {
    const hop1 = 'https://media-exp1.licdn.com/a.jpg';
    const hop2 = 'https://media-exp2.licdn.com/b.jpg';
    const ok = fakeNet({
      pages: {
        [IMG]: { location: hop1 },
        [hop1]: { location: '/b.jpg' },
        'https://media-exp1.licdn.com/b.jpg': { body: PNG },
      },
    });
    expect(await createAvatarProxy({ net: ok }).get(IMG)).toMatch(/^data:image\/png;base64,/);

    const elsewhere = fakeNet({ pages: { [IMG]: { location: 'https://evil.example/steal' } } });
    expect(await refusal(createAvatarProxy({ net: elsewhere }).get(IMG))).toBeInstanceOf(AvatarRefused);
    expect(elsewhere.fetched.map((f) => f.url)).toEqual([IMG]);

    const downgrade = fakeNet({ pages: { [IMG]: { location: 'http://media.licdn.com/x' } } });
    expect(await refusal(createAvatarProxy({ net: downgrade }).get(IMG))).toBeInstanceOf(AvatarRefused);

    const rebinding = fakeNet({
      dns: { 'media-exp1.licdn.com': ['127.0.0.1'] },
      pages: { [IMG]: { location: hop1 } },
    });
    expect(await refusal(createAvatarProxy({ net: rebinding }).get(IMG))).toBeInstanceOf(AvatarRefused);

    const loop = fakeNet({
      pages: { [IMG]: { location: hop1 }, [hop1]: { location: hop2 }, [hop2]: { location: IMG } },
    });
    expect(await refusal(createAvatarProxy({ net: loop }).get(IMG))).toBeInstanceOf(AvatarRefused);
    expect(loop.fetched).toHaveLength(3);
  });

  it('refuses non-images and oversized bodies, and reports upstream failures', async () => {
    const html = fakeNet({ pages: { [IMG]: { type: 'text/html', body: Buffer.from('<script>') } } });
    expect(await refusal(createAvatarProxy({ net: html }).get(IMG))).toBeInstanceOf(AvatarUpstreamError);
    const svg = fakeNet({ pages: { [IMG]: { type: 'image/svg+xml', body: Buffer.from('<svg/>') } } });
    expect(await refusal(createAvatarProxy({ net: svg }).get(IMG))).toBeInstanceOf(AvatarUpstreamError);
    const big = fakeNet({ pages: { [IMG]: { body: Buffer.alloc(INVESTORS.avatar.maxBytes + 1) } } });
    expect((await refusal(createAvatarProxy({ net: big }).get(IMG))).message).toMatch(/too large/);
    const declared = fakeNet({
      pages: { [IMG]: { body: PNG, length: String(INVESTORS.avatar.maxBytes + 1) } },
    });
    expect((await refusal(createAvatarProxy({ net: declared }).get(IMG))).message).toMatch(/too large/);
    const missing = fakeNet({ pages: {} });
    expect(await refusal(createAvatarProxy({ net: missing }).get(IMG))).toBeInstanceOf(AvatarUpstreamError);
  });

  it(
    'gives up after the time limit',
    async () => {
      const hanging: AvatarNet = {
        lookup: async () => [{ address: '203.0.114.10', family: 4 }],
        fetch: (_url, _address, signal) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      };
      const started = Date.now();
      const err = await refusal(createAvatarProxy({ net: hanging }).get(IMG));
      expect(err).toBeInstanceOf(AvatarUpstreamError);
      expect(err.message).toMatch(/too long/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(INVESTORS.avatar.timeoutMs - 50);
    },
    INVESTORS.avatar.timeoutMs + 5000,
  );
});
