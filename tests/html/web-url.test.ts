import { describe, expect, test } from 'bun:test'
import { IMAGE_PROTOCOLS, LINK_PROTOCOLS, webUrl } from '../../src/html/web-url.ts'

describe('webUrl', () => {
  test('serializes an absolute http(s) URL: host lower-cased, path percent-encoded', () => {
    expect(webUrl('HTTPS://Example.COM/a b?q="x"', LINK_PROTOCOLS)).toBe(
      'https://example.com/a%20b?q=%22x%22',
    )
    expect(webUrl('http://example.com', LINK_PROTOCOLS)).toBe('http://example.com/')
  })

  test('refuses other schemes, relative and protocol-relative references, and userinfo', () => {
    for (const value of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'mailto:a@example.com',
      '/x',
      'x',
      '//example.com/x',
      'https://user:pw@example.com/',
      'https://shop.example@evil.example/',
      '',
    ]) {
      expect({ value, url: webUrl(value, LINK_PROTOCOLS) }).toEqual({ value, url: null })
    }
  })

  test('an image loads over https only', () => {
    expect(webUrl('https://cdn.example/a.png', IMAGE_PROTOCOLS)).toBe('https://cdn.example/a.png')
    expect(webUrl('http://cdn.example/a.png', IMAGE_PROTOCOLS)).toBeNull()
  })
})
