import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { expandHref, HREF_VARIABLES, hrefProblem, templateVariables } from '../../src/catalog/href.ts'

describe('hrefProblem: what an external page may link to', () => {
  test('absolute http and https URLs on a named host are fine, templates over known variables too', () => {
    for (const href of [
      'https://brand.example/product',
      'http://brand.example',
      'https://www.brand.example/p?gtin=1#top',
      'https://brand.example/p/{gtin}',
      'https://brand.example/{language}/p/{gtin}?lot={lot}',
      'https://brand.example/recall{?x}'.replace('{?x}', '?lot={lot}'),
      'https://brand.example/{+keyQualifiers}',
      'https://brand.example/p{#linkType}',
      'https://brand.example?lot={lot}',
      'https://brand.example#{lot}',
      `https://brand.example/${'a'.repeat(2048 - 'https://brand.example/'.length)}`,
    ])
      expect({ href, problem: hrefProblem(href) }).toEqual({ href, problem: null })
  })

  test('other schemes, userinfo, IP literals and hosts without a domain are refused', () => {
    const cases: [string, string][] = [
      ['javascript:alert(1)', 'not javascript:'],
      ['JavaScript:alert(1)', 'not javascript:'],
      ['data:text/html,<b>', 'no spaces'],
      ['data:text/html,x', 'not data:'],
      ['file:///etc/passwd', 'not file:'],
      ['ftp://brand.example/x', 'not ftp:'],
      ['/relative/path', 'absolute http or https URL'],
      ['//brand.example/x', 'absolute http or https URL'],
      ['https://user:pw@brand.example/', 'no user name or password'],
      ['https://user@brand.example/', 'no user name or password'],
      ['https://127.0.0.1/x', 'not an IP address'],
      ['https://0x7f.1/x', 'not an IP address'],
      ['https://2130706433/x', 'not an IP address'],
      ['https://[::1]/x', 'not an IP address'],
      ['https://localhost/x', 'domain name'],
      ['https://brand.example/a b', 'no spaces'],
      [`https://brand.example/${'a'.repeat(2048)}`, 'at most 2048 characters'],
    ]
    for (const [href, part] of cases)
      expect({ href, problem: hrefProblem(href) ?? '' }).toEqual({
        href,
        problem: expect.stringContaining(part),
      })
  })

  test('templates: unknown variables, other operators, braces and a variable in the host are refused', () => {
    const cases: [string, string][] = [
      ['https://brand.example/{sku}', "variable 'sku' is unknown"],
      ['https://brand.example/{?lot}', 'RFC 6570 levels 1-2'],
      ['https://brand.example/{gtin,lot}', 'RFC 6570 levels 1-2'],
      ['https://brand.example/{gtin', 'unbalanced braces'],
      ['https://brand.example/gtin}', 'unbalanced braces'],
      ['https://brand.example/{{gtin}}', 'unbalanced braces'],
      ['https://{lot}.brand.example/', 'only after the host'],
      ['https://brand.example{+lot}', 'only after the host'],
      ['{+value}', 'absolute http or https URL'],
      ['https://brand.example:{gtin}/', 'only after the host'],
    ]
    for (const [href, part] of cases)
      expect({ href, problem: hrefProblem(href) ?? '' }).toEqual({
        href,
        problem: expect.stringContaining(part),
      })
  })

  test('never throws, and whatever it accepts has a fixed http(s) host that no scan can change', () => {
    const pieces = fc.constantFrom(
      'https://',
      'http://',
      'brand.example',
      '/',
      '?',
      '#',
      '{lot}',
      '{+lot}',
      '{#lot}',
      '{',
      '}',
      '@',
      ':',
      '.',
      'a',
      '%2F',
      '[::1]',
      'javascript:',
      '10.0.0.1',
    )
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
        fc.string(),
        (href, lot) => {
          const problem = hrefProblem(href)
          if (problem !== null) return
          const expanded = new URL(expandHref(href, { lot }))
          const fixed = new URL(href.replace(/\{[^}]*\}/g, ''))
          expect(['http:', 'https:']).toContain(expanded.protocol)
          expect(expanded.host).toBe(fixed.host)
        },
      ),
      { numRuns: 3000 },
    )
  })
})

describe('templateVariables', () => {
  test('lists the variables in order of first use, once each; null when not a level 1-2 template', () => {
    expect(templateVariables('https://b.example/{gtin}/{lot}?g={gtin}&l={+language}')).toEqual([
      'gtin',
      'lot',
      'language',
    ])
    expect(templateVariables('https://b.example/')).toEqual([])
    expect(templateVariables('https://b.example/{nope}')).toBeNull()
    expect(templateVariables('https://b.example/{gtin')).toBeNull()
  })
})

describe('expandHref (RFC 6570 by url-template)', () => {
  test('simple expansion percent-encodes reserved characters; + and # keep them', () => {
    const values = { gtin: '09506000134352', lot: 'A/B 1', keyQualifiers: '/10/A/21/B' }
    expect(expandHref('https://b.example/{gtin}/{lot}', values)).toBe(
      'https://b.example/09506000134352/A%2FB%201',
    )
    expect(expandHref('https://b.example/p{+keyQualifiers}', values)).toBe('https://b.example/p/10/A/21/B')
    expect(expandHref('https://b.example/p{#lot}', values)).toBe('https://b.example/p#A/B%201')
  })

  test('a variable the scan has no value for expands to nothing; a URL without braces is returned as stored', () => {
    expect(expandHref('https://b.example/p?lot={lot}', {})).toBe('https://b.example/p?lot=')
    expect(expandHref('https://b.example/p%7Bx', {})).toBe('https://b.example/p%7Bx')
  })

  test('every variable the catalog documents can be expanded', () => {
    const values = Object.fromEntries(HREF_VARIABLES.map((v) => [v, v.toUpperCase()]))
    const template = `https://b.example/${HREF_VARIABLES.map((v) => `{${v}}`).join('/')}`
    expect(expandHref(template, values)).toBe(
      `https://b.example/${HREF_VARIABLES.map((v) => v.toUpperCase()).join('/')}`,
    )
  })
})
