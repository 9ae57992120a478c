/** Digital Link stem validation (SPEC rule 11): boundaries of port, host labels and length; normalisation. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { authorityProblem, type StemResult, validateStem } from '../../src/gs1/stem.ts'

const ORIGIN = 'https://example.com/'

function accepted(stem: string): StemResult {
  return { ok: true, stem }
}
function refused(message: string): StemResult {
  return { ok: false, message }
}

describe('validateStem', () => {
  test('accepts port 65535 and refuses port 65536 as an invalid port', () => {
    expect(validateStem('https://example.com:65535')).toEqual(accepted('https://example.com:65535'))
    expect(validateStem('https://example.com:65536')).toEqual(refused('has an invalid port'))
    expect(validateStem('https://example.com:65536/path')).toEqual(refused('has an invalid port'))
  })

  test('refuses a host label that starts or ends with a hyphen, and accepts one with an inner hyphen', () => {
    expect(validateStem('https://a-.example')).toEqual(refused('has an invalid host name'))
    expect(validateStem('https://-a.example')).toEqual(refused('has an invalid host name'))
    expect(validateStem('https://www.example-.com/x')).toEqual(refused('has an invalid host name'))
    expect(validateStem('https://a-b.example')).toEqual(accepted('https://a-b.example'))
  })

  test('accepts a stem of exactly 1024 characters and refuses one of 1025', () => {
    const max = ORIGIN + 'a'.repeat(1024 - ORIGIN.length)
    expect(max.length).toBe(1024)
    expect(validateStem(max)).toEqual(accepted(max))
    const over = `${max}b`
    expect(validateStem(over)).toEqual(refused('must be at most 1024 characters'))
  })

  test('refuses user information in the authority', () => {
    expect(validateStem('https://user@example.com')).toEqual(
      refused('must not contain user information (user@)'),
    )
    expect(validateStem('https://user:secret@example.com/p')).toEqual(
      refused('must not contain user information (user@)'),
    )
  })

  test('accepts an @ in a path segment, where it is not user information', () => {
    expect(validateStem('https://example.com/a@b')).toEqual(accepted('https://example.com/a@b'))
  })

  test('refuses an empty host', () => {
    expect(validateStem('https://')).toEqual(refused('has no host'))
    expect(validateStem('https:///path')).toEqual(refused('has no host'))
    expect(validateStem('https://:8080')).toEqual(refused('has no host'))
  })

  test('accepts the IPv6 host [::1], with or without a port', () => {
    expect(validateStem('https://[::1]')).toEqual(accepted('https://[::1]'))
    expect(validateStem('http://[::1]:8080/dl')).toEqual(accepted('http://[::1]:8080/dl'))
    expect(validateStem('https://[::g]')).toEqual(refused('has an invalid IPv6 host'))
  })

  test('refuses a query or a fragment', () => {
    expect(validateStem('https://example.com/a?b=1')).toEqual(refused('must not contain a query (?)'))
    expect(validateStem('https://example.com?')).toEqual(refused('must not contain a query (?)'))
    expect(validateStem('https://example.com/a#top')).toEqual(refused('must not contain a fragment (#)'))
  })

  test('strips one trailing slash, and refuses a second as an empty path segment', () => {
    expect(validateStem('https://example.com/')).toEqual(accepted('https://example.com'))
    expect(validateStem('https://example.com/dl/')).toEqual(accepted('https://example.com/dl'))
    expect(validateStem('https://example.com/dl//')).toEqual(
      refused('must not contain an empty path segment (//)'),
    )
  })

  test('writes scheme and host in lower case, leaves out the default port, and keeps the path as given', () => {
    expect(validateStem('HTTPS://example.com')).toEqual(accepted('https://example.com'))
    expect(validateStem('HtTp://Example.COM/Path')).toEqual(accepted('http://example.com/Path'))
    expect(validateStem('HTTPS://ID.Example.COM:443/a')).toEqual(accepted('https://id.example.com/a'))
    expect(validateStem('http://example.com:80')).toEqual(accepted('http://example.com'))
    // Another scheme's default port is not this one's: kept.
    expect(validateStem('https://example.com:80/')).toEqual(accepted('https://example.com:80'))
    expect(validateStem('http://example.com:8443')).toEqual(accepted('http://example.com:8443'))
  })

  test('refuses a stem that holds a Digital Link path of its own: the key would be written twice', () => {
    const refusal = (ai: string) =>
      refused(`must not hold a Digital Link path (/${ai}/…): the primary key is appended to the stem`)
    expect(validateStem('https://id.example.com/01/09506000134352')).toEqual(refusal('01'))
    expect(validateStem('https://example.com/dl/414/9506000134352/x')).toEqual(refusal('414'))
    // A last segment alone, or a number that is no primary key, is an ordinary path.
    expect(validateStem('https://example.com/products/01')).toEqual(
      accepted('https://example.com/products/01'),
    )
    expect(validateStem('https://example.com/10/a')).toEqual(accepted('https://example.com/10/a'))
  })

  test('refuses a scheme other than http or https', () => {
    expect(validateStem('ftp://example.com')).toEqual(refused('must start with http:// or https://'))
    expect(validateStem('example.com')).toEqual(refused('must start with http:// or https://'))
  })

  test('refuses an empty path segment', () => {
    expect(validateStem('https://example.com//a')).toEqual(
      refused('must not contain an empty path segment (//)'),
    )
    expect(validateStem('https://example.com/a//b')).toEqual(
      refused('must not contain an empty path segment (//)'),
    )
  })

  test('accepts percent-encoded path characters and refuses a bare percent or a space', () => {
    expect(validateStem('https://example.com/a%2Fb')).toEqual(accepted('https://example.com/a%2Fb'))
    expect(validateStem('https://example.com/50%')).toEqual(
      refused('has a character that is not allowed in a URI path'),
    )
    expect(validateStem('https://example.com/a b')).toEqual(
      refused('has a character that is not allowed in a URI path'),
    )
  })
})

describe('authorityProblem', () => {
  test('reports the boundary port, hyphenated labels, user information and an empty host', () => {
    expect(authorityProblem('example.com:65535')).toBeNull()
    expect(authorityProblem('example.com:65536')).toBe('has an invalid port')
    expect(authorityProblem('example.com:123456')).toBe('has an invalid port')
    expect(authorityProblem('a-.example')).toBe('has an invalid host name')
    expect(authorityProblem('-a.example')).toBe('has an invalid host name')
    expect(authorityProblem('a..example')).toBe('has an invalid host name')
    expect(authorityProblem('user@example.com')).toBe('must not contain user information (user@)')
    expect(authorityProblem('')).toBe('has no host')
    expect(authorityProblem('[::1]')).toBeNull()
  })
})

describe('validateStem properties', () => {
  const RUNS = { numRuns: 1000 }
  const piece = (alphabet: string, max: number, min = 0) =>
    fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: min, maxLength: max })
  // Strings shaped like stems, so that most runs get past the scheme check into host and path.
  const stemLike = fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTPS://', 'HtTp://', 'ftp://', 'https:/', ''),
      piece('ab-.:[]@019', 16),
      piece('ab/%2F?#@:-~ ', 16),
    )
    .map(([scheme, authority, path]) => scheme + authority + path)
  // Near-valid stems: hyphenated labels, ports around 65535, segments that may be empty, a trailing slash.
  const nearValid = fc
    .tuple(
      fc.constantFrom('http://', 'https://', 'HTTPS://'),
      fc.array(piece('abc12-', 4, 1), { minLength: 1, maxLength: 3 }),
      fc.option(fc.integer({ min: 0, max: 70000 })),
      fc.array(piece('aZ9%2F@:~-.', 5, 1), { maxLength: 4 }),
      fc.constantFrom('', '/', '//', '//x'),
    )
    .map(
      ([scheme, labels, port, segments, tail]) =>
        scheme +
        labels.join('.') +
        (port === null ? '' : `:${port}`) +
        segments.map((seg) => `/${seg}`).join('') +
        tail,
    )
  const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 }), stemLike, {
    arbitrary: nearValid,
    weight: 3,
  })

  test('never throws, and always returns either a stem or a message', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const r = validateStem(s)
        expect(r.ok ? typeof r.stem : typeof r.message).toBe('string')
      }),
      RUNS,
    )
  })

  test('an accepted stem validates again to itself', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const r = validateStem(s)
        if (!r.ok) return
        expect(validateStem(r.stem)).toEqual(accepted(r.stem))
        expect(r.stem).toMatch(/^https?:\/\/[^?#]*[^/]$/)
      }),
      RUNS,
    )
  })
})
