import { describe, expect, test } from 'bun:test'
import { loggedPath } from '../../src/security/logged-path.ts'

describe('loggedPath: the path a log line carries', () => {
  test('a Digital Link keeps its GTIN and the numbers of its qualifiers; their values become *', () => {
    expect(loggedPath('/01/09506000134352')).toBe('/01/09506000134352')
    expect(loggedPath('/01/09506000134352/')).toBe('/01/09506000134352/')
    expect(loggedPath('/01/09506000134352/10/ABC/21/12345')).toBe('/01/09506000134352/10/*/21/*')
    expect(loggedPath('/01/9506000134352/22/A/10/B/21/C')).toBe('/01/9506000134352/22/*/10/*/21/*')
    expect(loggedPath('/01/09506000134352/235/TPX-1')).toBe('/01/09506000134352/235/*')
    expect(loggedPath('/01/09506000134352/10/L%2F1/21/S')).toBe('/01/09506000134352/10/*/21/*')
  })

  test('anything in the GTIN’s or an AI’s place that is not digits is a value too', () => {
    expect(loggedPath('/01/ABC-123/21/1')).toBe('/01/*/21/*')
    expect(loggedPath('/01/09506000134352/lot/ABC')).toBe('/01/09506000134352/*/*')
    expect(loggedPath('/01/095060001343520000/21/1')).toBe('/01/*/21/*')
    expect(loggedPath('/prefix/01/09506000134352/21/1')).toBe('/prefix/01/09506000134352/21/*')
  })

  test('an EPC-compressed segment is logged as its prefix and the redacted uncompressed path', () => {
    expect(loggedPath('/eh3066C4409047E140075BCD15')).toBe('/eh*/01/09506000134352/21/*')
    expect(loggedPath('/eh3066C4409047E140075BCD15/')).toBe('/eh*/01/09506000134352/21/*')
    expect(loggedPath('/exNOT-AN-EPC')).toBe('/ex*')
    expect(loggedPath('/eh')).toBe('/eh*')
  })

  test('other paths pass unchanged (product pages, API and dashboard paths)', () => {
    for (const path of [
      '/',
      '/healthz',
      '/en/acme/oat-drink/pip',
      '/products/09506000134352',
      '/orgs/acme',
      '/e',
    ]) {
      expect(loggedPath(path)).toBe(path)
    }
  })
})
