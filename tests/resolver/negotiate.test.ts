import { describe, expect, test } from 'bun:test'
import { negotiate } from '../../src/resolver/negotiate.ts'

describe('negotiate', () => {
  test('no Accept: no linkset by itself, HTML linkset, HTML errors', () => {
    expect(negotiate(null)).toEqual({ linkset: false, format: 'html', jsonErrors: false })
    expect(negotiate('')).toEqual({ linkset: false, format: 'html', jsonErrors: false })
  })

  test('application/linkset+json anywhere with a weight above 0 asks for the linkset', () => {
    expect(negotiate('application/linkset+json')).toEqual({
      linkset: true,
      format: 'linkset',
      jsonErrors: true,
    })
    expect(negotiate('text/html, application/linkset+json;q=0.1').linkset).toBe(true)
    expect(negotiate('application/linkset+json;q=0').linkset).toBe(false)
    expect(negotiate('Application/LinkSet+JSON; profile="x"').linkset).toBe(true)
  })

  test('chooses the linkset format by weight, ties to JSON then JSON-LD then HTML', () => {
    expect(negotiate('application/json').format).toBe('json')
    expect(negotiate('application/ld+json').format).toBe('ld')
    expect(negotiate('application/json, text/html').format).toBe('json')
    expect(negotiate('application/ld+json, application/json').format).toBe('json')
    expect(negotiate('text/html, application/json;q=0.9').format).toBe('html')
    expect(negotiate('*/*').format).toBe('html')
    expect(negotiate('image/png').format).toBe('html')
  })

  test('JSON errors only when a JSON type is asked for and HTML is not preferred', () => {
    expect(negotiate('application/ld+json').jsonErrors).toBe(true)
    expect(negotiate('*/*').jsonErrors).toBe(false)
    expect(negotiate('text/html, application/json;q=0.5').jsonErrors).toBe(false)
    expect(negotiate('text/html;q=0.5, application/json').jsonErrors).toBe(true)
    // A tie between a JSON type and HTML named outright goes to JSON.
    expect(negotiate('application/json, text/html').jsonErrors).toBe(true)
    expect(negotiate('text/html;q=0.4, application/ld+json;q=0.4').jsonErrors).toBe(true)
  })

  test('ignores a range whose weight is outside 0 to 1, as if it were not sent', () => {
    expect(negotiate('application/json;q=2')).toEqual({ linkset: false, format: 'html', jsonErrors: false })
    expect(negotiate('application/linkset+json;q=1.5').linkset).toBe(false)
    expect(negotiate('application/json;q=-0.5, application/ld+json;q=1').format).toBe('ld')
    expect(negotiate('application/json;q=1.000').format).toBe('json')
  })

  test('tolerates garbage', () => {
    expect(negotiate('undefined')).toEqual({ linkset: false, format: 'html', jsonErrors: false })
    expect(negotiate(';;,,;q=;application/json;q=abc')).toEqual({
      linkset: false,
      format: 'html',
      jsonErrors: false,
    })
  })
})
