import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, this-network, multicast and reserved IPv4', () => {
    for (const ip of ['127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('refuses ::1, ::, link-local, unique-local, multicast and IPv4-mapped forms of private IPv4', () => {
    for (const ip of ['::1', '::', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '64:ff9b::10.0.0.1', '::127.0.0.1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('allows public addresses, and not-an-address is never public', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});
