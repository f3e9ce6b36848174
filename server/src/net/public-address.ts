import { BlockList, isIP } from 'node:net';

// Which addresses a server-side request may reach: the one rule behind every outbound fetch of a user-given
// URL (the LinkedIn avatar proxy, the machines' egress proxy). Private, loopback, link-local (cloud metadata at
// 169.254.169.254), reserved and multicast ranges are refused, IPv6 forms that carry an IPv4 address included.

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

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address (how a dual-stack socket shows it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}
