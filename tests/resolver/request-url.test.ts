import { describe, expect, test } from 'bun:test'
import { compileConfig, hostName, isHost } from '../../src/resolver/config.ts'
import { splitRequestUrl } from '../../src/resolver/request-url.ts'

describe('splitRequestUrl', () => {
  test('splits authority, raw path and raw query', () => {
    expect(splitRequestUrl('http://LocalHost:3001/01/1?a=%20b&c')).toEqual({
      url: 'http://LocalHost:3001/01/1?a=%20b&c',
      authority: 'localhost:3001',
      path: '/01/1',
      query: 'a=%20b&c',
    })
  })
  test('handles a missing path, a missing query, a fragment and userinfo', () => {
    expect(splitRequestUrl('http://h')).toEqual({ url: 'http://h', authority: 'h', path: '/', query: '' })
    expect(splitRequestUrl('http://h?x=1')).toEqual({
      url: 'http://h?x=1',
      authority: 'h',
      path: '/',
      query: 'x=1',
    })
    expect(splitRequestUrl('http://u:p@h/p#f?g')).toEqual({
      url: 'http://u:p@h/p#f?g',
      authority: 'h',
      path: '/p',
      query: '',
    })
    expect(splitRequestUrl('http://h/p?q=/x')).toEqual({
      url: 'http://h/p?q=/x',
      authority: 'h',
      path: '/p',
      query: 'q=/x',
    })
  })
})

describe('hosts', () => {
  test('hostName drops the port and keeps IPv6 brackets', () => {
    expect(hostName('a.example:3001')).toBe('a.example')
    expect(hostName('[::1]:3001')).toBe('[::1]')
    expect(hostName('a.example')).toBe('a.example')
  })
  test('an origin with a port matches only that port; without one, any port', () => {
    const c = compileConfig({
      resolverUrl: 'http://LOCALHOST:3001/',
      shortUrl: 'https://s.example',
      customDomainScheme: 'https',
    })
    expect(c.resolver.origin).toBe('http://localhost:3001')
    expect(isHost(c.resolver, 'localhost:3001', 'localhost')).toBe(true)
    expect(isHost(c.resolver, 'localhost:3002', 'localhost')).toBe(false)
    expect(isHost(c.short, 's.example:8443', 's.example')).toBe(true)
  })
  test('refuses a configuration that is not http(s) origins', () => {
    expect(() =>
      compileConfig({ resolverUrl: 'nope', shortUrl: 'http://s', customDomainScheme: 'https' }),
    ).toThrow()
    expect(() =>
      compileConfig({ resolverUrl: 'ftp://r', shortUrl: 'http://s', customDomainScheme: 'https' }),
    ).toThrow()
  })
})
