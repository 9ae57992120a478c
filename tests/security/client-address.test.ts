import { describe, expect, test } from 'bun:test'
import {
  normaliseAddress,
  rememberPeer,
  sourceAddress,
  UNKNOWN_ADDRESS,
} from '../../src/security/client-address.ts'

function request(peer: string | null, forwardedFor?: string): Request {
  const headers: Record<string, string> =
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }
  const r = new Request('http://api.test/oauth/token', { headers })
  rememberPeer(r, peer)
  return r
}

describe('source address of a request', () => {
  test('is the peer the server recorded', () => {
    expect(sourceAddress(request('192.0.2.1'))).toBe('192.0.2.1')
  })

  test('is "unknown" for an in-process request without a recorded peer', () => {
    expect(sourceAddress(request(null))).toBe(UNKNOWN_ADDRESS)
  })

  test('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(sourceAddress(request('192.0.2.1', '203.0.113.5'))).toBe('192.0.2.1')
  })

  test('with N trusted proxies, takes the N-th entry from the right of X-Forwarded-For', () => {
    const r = request('10.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.2')
    expect(sourceAddress(r, 1)).toBe('10.0.0.2')
    expect(sourceAddress(r, 2)).toBe('203.0.113.5')
  })

  test('falls back to the peer when the trusted entry is missing or not an address', () => {
    expect(sourceAddress(request('10.0.0.1', '203.0.113.5'), 2)).toBe('10.0.0.1')
    expect(sourceAddress(request('10.0.0.1', 'evil name'), 1)).toBe('10.0.0.1')
    expect(sourceAddress(request('10.0.0.1'), 1)).toBe('10.0.0.1')
  })
})

describe('address normalisation', () => {
  test('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(normaliseAddress('192.0.2.1')).toBe('192.0.2.1')
    expect(normaliseAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(normaliseAddress(' 192.0.2.1 ')).toBe('192.0.2.1')
  })

  test('cuts IPv6 addresses to their /64, in one spelling', () => {
    expect(normaliseAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(normaliseAddress('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64')
    expect(normaliseAddress('[2001:db8::1]')).toBe('2001:db8:0:0::/64')
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(normaliseAddress('::1')).toBe('0:0:0:0::/64')
  })

  test('drops the port some proxies write after the address', () => {
    expect(normaliseAddress('192.0.2.1:5678')).toBe('192.0.2.1')
    expect(normaliseAddress('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64')
    expect(normaliseAddress('[::ffff:192.0.2.1]:80')).toBe('192.0.2.1')
    expect(normaliseAddress('192.0.2.1:')).toBeNull()
    expect(normaliseAddress('192.0.2.1:123456')).toBeNull()
  })

  test('refuses text that is no address', () => {
    for (const junk of [
      '',
      'unknown',
      '256.1.1.1',
      '1.2.3',
      'a::b::c',
      '1:2:3:4:5:6:7:8:9',
      'x'.repeat(100),
    ]) {
      expect(normaliseAddress(junk)).toBeNull()
    }
  })
})
