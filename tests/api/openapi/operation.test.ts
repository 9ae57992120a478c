import { describe, expect, test } from 'bun:test'
import { catalogOperations } from '../../../src/api/catalog/operations.ts'
import { codeOperations } from '../../../src/api/codes/operations.ts'
import {
  type Operation,
  pathItems,
  queryParameters,
  requiredScope,
  routePattern,
} from '../../../src/api/openapi/operation.ts'
import { getScans } from '../../../src/api/scans/operations.ts'

const op = (
  method: Operation['method'],
  path: string,
  extra: Partial<Operation['spec']> = {},
): Operation => ({
  method,
  path,
  spec: { operationId: `${method}${path}`, ...extra },
})

describe('an operation declared once', () => {
  test('its route pattern is its path with every {name} as :name', () => {
    expect(routePattern(op('get', '/products/{gtin}'))).toBe('/products/:gtin')
    expect(routePattern(op('put', '/a/{x}/b/{y}'))).toBe('/a/:x/b/:y')
    expect(routePattern(op('post', '/code'))).toBe('/code')
  })

  test('its route takes exactly the query parameters it declares, not path or header ones', () => {
    const declared = op('get', '/p/{gtin}', {
      parameters: [
        { name: 'gtin', in: 'path' },
        { name: 'limit', in: 'query' },
        { name: 'If-Match', in: 'header' },
        { name: 'q', in: 'query' },
      ],
    })
    expect(queryParameters(declared)).toEqual(['limit', 'q'])
    expect(queryParameters(op('get', '/x'))).toEqual([])
  })

  test('the scope its guard demands is the one its security names; an operation naming none is a declaration bug', () => {
    expect(requiredScope(op('get', '/x', { security: [{ oauth2: ['read:scans'] }] }))).toBe('read:scans')
    expect(() => requiredScope(op('get', '/x', { security: [{ clientBasic: [] }] }))).toThrow(
      'get/x names no OAuth scope',
    )
    expect(() => requiredScope(op('get', '/x'))).toThrow()
  })

  test('path items group operations by path, methods in the order given', () => {
    const items = pathItems([op('get', '/a'), op('put', '/b'), op('delete', '/a'), op('get', '/b')])
    expect(Object.keys(items)).toEqual(['/a', '/b'])
    expect(Object.keys(items['/a'] ?? {})).toEqual(['get', 'delete'])
    expect(Object.keys(items['/b'] ?? {})).toEqual(['put', 'get'])
    expect(items['/a']?.delete?.operationId).toBe('delete/a')
  })
})

describe('the declarations of the API', () => {
  const all = [...codeOperations, ...catalogOperations, getScans]

  test('every operation behind a token names exactly one scope for its guard', () => {
    expect(all.map((o) => [o.spec.operationId, requiredScope(o)])).toEqual([
      ['generateCode', 'write:codes'],
      ['batchGenerate2dBarcodes', 'write:codes'],
      ['render2dBarcode', 'write:codes'],
      ['renderBatch2dBarcodes', 'write:codes'],
      ['listBrands', 'read:catalog'],
      ['putBrand', 'write:catalog'],
      ['listProducts', 'read:catalog'],
      ['getProduct', 'read:catalog'],
      ['putProduct', 'write:catalog'],
      ['deleteProduct', 'write:catalog'],
      ['listItems', 'read:catalog'],
      ['getItem', 'read:catalog'],
      ['putItem', 'write:catalog'],
      ['deleteItem', 'write:catalog'],
      ['listRules', 'read:catalog'],
      ['getRule', 'read:catalog'],
      ['putRule', 'write:catalog'],
      ['deleteRule', 'write:catalog'],
      ['importCatalog', 'write:catalog'],
      ['exportCatalog', 'read:catalog'],
      ['getScans', 'read:scans'],
    ])
  })

  test('each path parameter is declared as one, and each declared one is in the path', () => {
    for (const o of all) {
      const inPath = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '')
      const declared = (o.spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect({ id: o.spec.operationId, params: declared }).toEqual({ id: o.spec.operationId, params: inPath })
    }
  })

  test('a catalog operation with a body is always charged to the client’s budget', () => {
    for (const o of catalogOperations) if (o.takes.body) expect(o.takes.heavy).toBe(true)
    expect(catalogOperations.filter((o) => o.takes.heavy).map((o) => o.spec.operationId)).toEqual([
      'putBrand',
      'putProduct',
      'putItem',
      'putRule',
      'importCatalog',
      'exportCatalog',
    ])
  })
})
