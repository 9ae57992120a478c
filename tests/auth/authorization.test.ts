import { describe, expect, test } from 'bun:test'
import { MAX_AUTHORIZATION_LENGTH, parseBasic, parseBearer } from '../../src/auth/authorization.ts'

const utf8Base64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)))

describe('parseBasic (RFC 7617, RFC 6749 §2.3.1)', () => {
  test('reads the client ID and secret, with the scheme in any case', () => {
    for (const scheme of ['Basic', 'basic', 'BASIC']) {
      expect(parseBasic(`${scheme} ${btoa('svc_client_1:s3cret')}`)).toEqual({
        ok: true,
        clientId: 'svc_client_1',
        clientSecret: 's3cret',
      })
    }
  })

  test('splits at the first colon, so a secret may contain colons', () => {
    expect(parseBasic(`Basic ${btoa('id:a:b:c')}`)).toMatchObject({ clientId: 'id', clientSecret: 'a:b:c' })
  })

  test('form-decodes both halves: %3A is a colon and + a space', () => {
    expect(parseBasic(`Basic ${btoa('id%5Fx:p%3Ass+w%25rd')}`)).toMatchObject({
      clientId: 'id_x',
      clientSecret: 'p:ss w%rd',
    })
  })

  test('decodes UTF-8', () => {
    expect(parseBasic(`Basic ${utf8Base64('id:grüße')}`)).toMatchObject({ clientSecret: 'grüße' })
  })

  test('reports a missing header apart from a malformed one', () => {
    expect(parseBasic(null)).toEqual({ ok: false, reason: 'missing' })
    expect(parseBasic('')).toEqual({ ok: false, reason: 'missing' })
    const malformed = [
      'Basic',
      'Basic a b',
      'Bearer abc',
      'Basic %%%',
      `Basic ${btoa('nocolon')}`,
      `Basic ${btoa(':secret')}`,
      `Basic ${btoa('id:')}`,
      `Basic ${btoa('id:%zz')}`,
      'Basic /w==',
      `Basic ${btoa(`id:${'x'.repeat(MAX_AUTHORIZATION_LENGTH)}`)}`,
    ]
    for (const header of malformed) expect(parseBasic(header)).toEqual({ ok: false, reason: 'malformed' })
  })
})

describe('parseBearer (RFC 6750 §2.1)', () => {
  const jwt = 'eyJh.eyJz.c2ln'

  test('reads a compact JWS, with the scheme in any case', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect(parseBearer(`${scheme} ${jwt}`)).toEqual({ ok: true, token: jwt })
    }
  })

  test('refuses anything that is not three base64url segments', () => {
    expect(parseBearer(null)).toEqual({ ok: false, reason: 'missing' })
    for (const header of ['Bearer', 'Bearer abc', 'Bearer a.b', 'Bearer a.b.', 'Bearer a.b.c.d']) {
      expect(parseBearer(header)).toEqual({ ok: false, reason: 'malformed' })
    }
    // Another scheme is not a malformed bearer token: RFC 6750 §3.1 answers it as no credentials.
    for (const header of [`Basic ${jwt}`, `Token ${jwt}`, `Bearerx ${jwt}`]) {
      expect(parseBearer(header)).toEqual({ ok: false, reason: 'scheme' })
    }
    expect(parseBearer(`Bearer ${jwt}${'A'.repeat(MAX_AUTHORIZATION_LENGTH)}`)).toEqual({
      ok: false,
      reason: 'malformed',
    })
  })
})
