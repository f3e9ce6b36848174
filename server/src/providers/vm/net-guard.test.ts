import { describe, expect, it } from 'vitest';
import { checkMachineUrl, normaliseAllowHosts, normaliseHost, resolveTarget, type Lookup } from './net-guard.ts';

const fakeDns =
  (answers: Record<string, string[]>): Lookup =>
  async (host) => {
    const found = answers[host] ?? (/^[\d.]+$/.test(host) || host.includes(':') ? [host] : null);
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const none = new Set<string>();

describe('normaliseHost', () => {
  it('canonicalises the odd numeric forms of IPv4 the way a browser does', () => {
    expect(normaliseHost('2130706433')).toBe('127.0.0.1');
    expect(normaliseHost('0x7f000001')).toBe('127.0.0.1');
    expect(normaliseHost('017700000001')).toBe('127.0.0.1');
    expect(normaliseHost('127.1')).toBe('127.0.0.1');
    expect(normaliseHost('0')).toBe('0.0.0.0');
    expect(normaliseHost('0xA9.0xFE.0xA9.0xFE')).toBe('169.254.169.254');
  });

  it('lower-cases names and unwraps IPv6', () => {
    expect(normaliseHost('LocalHost')).toBe('localhost');
    expect(normaliseHost('[::1]')).toBe('::1');
    expect(normaliseHost('::1')).toBe('::1');
    expect(normaliseHost('[::ffff:127.0.0.1]')).toBe('::ffff:7f00:1');
    expect(normaliseHost('')).toBeNull();
    expect(normaliseHost('a b')).toBeNull();
  });
});

describe('checkMachineUrl', () => {
  it('accepts http, https and about:blank', () => {
    for (const url of ['http://example.com/', 'https://example.com/a?b', 'about:blank']) expect(checkMachineUrl(url).ok, url).toBe(true);
  });

  it('refuses every other scheme and garbage', () => {
    for (const url of ['file:///etc/passwd', 'chrome://settings', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'gopher://127.0.0.1:70/', 'ftp://example.com/', 'view-source:http://example.com', 'about:config', 'blob:http://x/1', 'ws://example.com', 'not a url']) {
      const checked = checkMachineUrl(url);
      expect(checked.ok, url).toBe(false);
    }
    expect(checkMachineUrl('file:///etc/passwd')).toEqual({ ok: false, reason: 'file: URLs cannot be opened on a machine' });
  });
});

describe('resolveTarget', () => {
  const dns = fakeDns({
    'example.com': ['93.184.215.14'],
    'internal.example': ['10.0.0.5'],
    'mixed.example': ['93.184.215.14', '192.168.0.7'],
    'v6.example': ['2606:4700::1', '::1'],
    localhost: ['::1', '127.0.0.1'],
  });

  it('allows a public host on 80 and 443 and returns the checked addresses', async () => {
    expect(await resolveTarget('example.com', 443, none, dns)).toEqual({ ok: true, host: 'example.com', addresses: [{ address: '93.184.215.14', family: 4 }] });
    expect((await resolveTarget('EXAMPLE.com', 80, none, dns)).ok).toBe(true);
  });

  it('refuses other ports', async () => {
    expect(await resolveTarget('example.com', 8080, none, dns)).toEqual({ ok: false, reason: 'port 8080 is not allowed' });
  });

  it('refuses loopback, private and metadata addresses in every spelling', async () => {
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '017700000001', '127.1', '[::1]', '::1', '[::ffff:127.0.0.1]', '169.254.169.254', '10.0.0.1', '0', 'localhost', 'internal.example']) {
      const verdict = await resolveTarget(host, 80, none, dns);
      expect(verdict.ok, host).toBe(false);
      if (!verdict.ok) expect(verdict.reason, host).toMatch(/^private address /);
    }
  });

  it('refuses a host when any one of its addresses is private', async () => {
    expect(await resolveTarget('mixed.example', 443, none, dns)).toEqual({ ok: false, reason: 'private address 192.168.0.7' });
    expect((await resolveTarget('v6.example', 443, none, dns)).ok).toBe(false);
  });

  it('says so when a host does not resolve', async () => {
    expect(await resolveTarget('nowhere.example', 443, none, dns)).toEqual({ ok: false, reason: 'nowhere.example could not be resolved', unresolved: true });
  });

  it('lets allow-listed host:port pairs through, and only those pairs', async () => {
    const allow = normaliseAllowHosts(['localhost:3114', '127.0.0.1:3114', ' [::1]:3115 ', 'junk']);
    expect([...allow]).toEqual(['localhost:3114', '127.0.0.1:3114', '[::1]:3115']);
    expect((await resolveTarget('localhost', 3114, allow, dns)).ok).toBe(true);
    expect((await resolveTarget('127.0.0.1', 3114, allow, dns)).ok).toBe(true);
    expect((await resolveTarget('2130706433', 3114, allow, dns)).ok).toBe(true);
    expect((await resolveTarget('[::1]', 3115, allow, dns)).ok).toBe(true);
    expect((await resolveTarget('127.0.0.1', 3115, allow, dns)).ok).toBe(false);
    expect((await resolveTarget('localhost', 80, allow, dns)).ok).toBe(false);
  });
});
