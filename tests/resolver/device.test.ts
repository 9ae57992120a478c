import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { deviceClass } from '../../src/resolver/device.ts'

describe('deviceClass', () => {
  test.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'mobile',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'mobile',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'mobile',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'desktop',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'desktop'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot'],
    [
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'bot',
    ],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'bot'],
    ['curl/8.5.0', 'bot'],
    ['python-requests/2.32', 'bot'],
    ['SomeScannerApp/3.1', 'other'],
    ['', 'other'],
  ])('%s → %s', (ua, expected) => {
    expect(deviceClass(ua)).toBe(expected as ReturnType<typeof deviceClass>)
  })

  test('no header is other; any text gives one of the four classes, fast, even when huge', () => {
    expect(deviceClass(null)).toBe('other')
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (ua) =>
        ['mobile', 'desktop', 'bot', 'other'].includes(deviceClass(ua)),
      ),
    )
    expect(deviceClass(`${'a'.repeat(100_000)}iPhone`)).toBe('other')
  })

  test('a header seen before gets the same class, also after more distinct headers than are remembered', () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148'
    expect(deviceClass(phone)).toBe('mobile')
    for (let i = 0; i < 2000; i++)
      expect(deviceClass(`Mozilla/5.0 (Windows NT 10.0) build ${i}`)).toBe('desktop')
    expect(deviceClass(phone)).toBe('mobile')
    expect(deviceClass(`SomeBot/${'1'.repeat(600)} iPhone`)).toBe('bot')
  })
})
