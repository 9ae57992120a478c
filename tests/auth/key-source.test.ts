import { afterAll, describe, expect, test } from 'bun:test'
import { createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { calculateJwkThumbprint, SignJWT } from 'jose'
import {
  JWT_SECRET_DERIVATION,
  keyFromSeed,
  loadSigningKey,
  pkcs8AlgorithmOid,
  SigningKeyError,
} from '../../src/auth/key-source.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const ROOT = join(import.meta.dir, '..', '..')
const dir = makeTempDir('key-source')
afterAll(() => removeTempDir(dir))

let files = 0
/** Writes `text` to a new file in the test's temporary directory and returns its path. */
function keyFile(text: string, name = `key-${++files}`): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const fromSecret = (secret: string) => loadSigningKey({ source: 'JWT_SECRET', secret })
const fromFile = (path: string) => loadSigningKey({ source: 'JWT_KEY_FILE', path })

/** The error `fromFile(path)` throws: a SigningKeyError, whose message is returned. */
async function fileError(path: string): Promise<string> {
  const error = await fromFile(path).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SigningKeyError)
  return (error as Error).message
}

const SECRET = 'correct horse battery staple, 32+ chars long'

describe('JWT_SECRET', () => {
  test('the same secret gives the same key twice; different secrets give different keys', async () => {
    const [a, b, c] = await Promise.all([fromSecret(SECRET), fromSecret(SECRET), fromSecret(`${SECRET}!`)])
    expect(a.kid).toBe(b.kid as string)
    expect(a.jwk).toEqual(b.jwk)
    expect(c.kid).not.toBe(a.kid)
    expect(a.source).toBe('JWT_SECRET')
  })

  test('the derivation is HKDF-SHA-256 with the documented labels, pinned to a known kid', async () => {
    expect(JWT_SECRET_DERIVATION).toEqual({
      hash: 'SHA-256',
      salt: 'gs1-digital-link-service/JWT_SECRET',
      info: 'Ed25519 token signing key v1',
    })
    // Computed independently with node:crypto: HKDF seed, PKCS#8 DER, public key, RFC 7638 thumbprint.
    const seed = Buffer.from(
      hkdfSync('sha256', SECRET, JWT_SECRET_DERIVATION.salt, JWT_SECRET_DERIVATION.info, 32),
    )
    const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed])
    const publicJwk = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({
      format: 'jwk',
    })
    const expected = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: String(publicJwk.x) })
    const key = await fromSecret(SECRET)
    expect(key.kid).toBe(expected)
    // Pinned: a change here changes every deployment's key and drops every token in flight.
    expect(key.kid).toBe('a3vtJbMALonibJqbRWbXXDYalHdUHkTU-2M93eMk6ps')
    expect(key.jwk).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: '7FEO5Md5zHpR1-Oshqc6D4WkMPGWOm9GDjvP32SPu_M',
      kid: key.kid,
      alg: 'EdDSA',
      use: 'sig',
    })
  })

  test('the private key cannot be exported, and the published JWK has no private part', async () => {
    const key = await fromSecret(SECRET)
    expect(key.signing.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('jwk', key.signing)).rejects.toThrow()
    expect(Object.keys(key.jwk).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x'])
  })

  test('it signs EdDSA tokens that its public key verifies', async () => {
    const key = await fromSecret(SECRET)
    const jws = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA' }).sign(key.signing)
    const [header, payload, signature] = jws.split('.') as [string, string, string]
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key.verification,
      Buffer.from(signature, 'base64url'),
      new TextEncoder().encode(`${header}.${payload}`),
    )
    expect(ok).toBe(true)
  })
})

describe('JWT_KEY_FILE', () => {
  const pair = generateKeyPairSync('ed25519')
  const pem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
  const privateJwk = pair.privateKey.export({ format: 'jwk' })

  test('a PKCS#8 PEM file and the equivalent private JWK file give the same key and kid', async () => {
    const fromPem = await fromFile(keyFile(pem))
    const fromJwk = await fromFile(keyFile(JSON.stringify(privateJwk, null, 2)))
    expect(fromPem.kid).toBe(fromJwk.kid)
    expect(fromPem.jwk).toEqual(fromJwk.jwk)
    expect(fromPem.kid).toBe(
      await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: String(privateJwk.x) }),
    )
    expect(fromPem.jwk.x).toBe(privateJwk.x as string)
    expect(fromPem.source).toBe('JWT_KEY_FILE')
    expect(
      pkcs8AlgorithmOid(new Uint8Array(Buffer.from(pem.split('\n').slice(1, -2).join(''), 'base64'))),
    ).toBe('2b6570')
  })

  test('a key file holding the seed a secret derives gives that secret’s key', async () => {
    const seed = hkdfSync('sha256', SECRET, JWT_SECRET_DERIVATION.salt, JWT_SECRET_DERIVATION.info, 32)
    const d = Buffer.from(seed).toString('base64url')
    const fromSeed = await keyFromSeed(new Uint8Array(seed), 'JWT_KEY_FILE')
    const file = await fromFile(keyFile(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d, x: fromSeed.jwk.x })))
    expect(file.kid).toBe((await fromSecret(SECRET)).kid)
  })

  test('text around the PEM block and a JWK without x or with extra members are accepted', async () => {
    const expected = await fromFile(keyFile(pem))
    expect((await fromFile(keyFile(`# token signing key\n\n${pem}\n`))).kid).toBe(expected.kid)
    const { d } = privateJwk
    expect((await fromFile(keyFile(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d })))).kid).toBe(
      expected.kid,
    )
    const extra = { ...privateJwk, kid: 'mine', alg: 'EdDSA', use: 'sig' }
    expect((await fromFile(keyFile(JSON.stringify(extra)))).kid).toBe(expected.kid)
  })

  test.if(Bun.which('openssl') !== null)(
    'a file written by openssl genpkey -algorithm ed25519 is read',
    async () => {
      const path = join(dir, 'openssl.pem')
      const run = Bun.spawnSync(['openssl', 'genpkey', '-algorithm', 'ed25519', '-out', path])
      expect(run.exitCode).toBe(0)
      const key = await fromFile(path)
      const written = createPrivateKey(await Bun.file(path).text())
      expect(key.jwk.x).toBe(createPublicKey(written).export({ format: 'jwk' }).x as string)
    },
  )

  describe('bad files give one-line errors that name the file and hold no key material', () => {
    const errorOf = async (text: string) => {
      const path = keyFile(text)
      const message = await fileError(path)
      expect(message).not.toContain('\n')
      for (const secret of [String(privateJwk.d), pem.split('\n')[1] as string]) {
        expect(message).not.toContain(secret)
      }
      return message.replace(path, 'FILE')
    }
    const NOT_A_KEY =
      'JWT_KEY_FILE FILE is not an Ed25519 private key in PKCS#8 PEM or JWK form (openssl genpkey -algorithm ed25519)'
    const PUBLIC_ONLY = 'JWT_KEY_FILE FILE holds a public key; it must hold the private key'
    const NOT_ED25519 =
      'JWT_KEY_FILE FILE is not an Ed25519 key (EdDSA over Ed25519 is the only signing algorithm)'

    test('missing, a directory, far too large', async () => {
      const missing = join(dir, 'nope.pem')
      expect(await fileError(missing)).toBe(`JWT_KEY_FILE ${missing} cannot be read (ENOENT)`)
      const folder = join(dir, 'folder')
      mkdirSync(folder)
      expect(await fileError(folder)).toBe(`JWT_KEY_FILE ${folder} cannot be read (not a regular file)`)
      const big = keyFile('x'.repeat(70 * 1024))
      expect(await fileError(big)).toBe(NOT_A_KEY.replace(' FILE ', ` ${big} `))
    })

    test.if(process.getuid?.() !== 0)('unreadable (no permission)', async () => {
      const locked = keyFile(pem)
      chmodSync(locked, 0o000)
      expect(await fileError(locked)).toBe(`JWT_KEY_FILE ${locked} cannot be read (EACCES)`)
    })

    test('not a key at all', async () => {
      expect(await errorOf('')).toBe(NOT_A_KEY)
      expect(await errorOf('hunter2hunter2hunter2hunter2hunter2')).toBe(NOT_A_KEY)
      expect(await errorOf('{"kty": "OKP", ')).toBe(NOT_A_KEY)
      expect(await errorOf('[1, 2]')).toBe(NOT_A_KEY)
      expect(await errorOf('{"keys": []}')).toBe(NOT_A_KEY)
      expect(await errorOf('-----BEGIN PRIVATE KEY-----\nnot*base64\n-----END PRIVATE KEY-----\n')).toBe(
        NOT_A_KEY,
      )
      expect(await errorOf('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n')).toBe(NOT_A_KEY)
      expect(await errorOf(pem.replace(/-----END PRIVATE KEY-----/, ''))).toBe(NOT_A_KEY)
      expect(await errorOf(JSON.stringify({ ...privateJwk, d: 'short' }))).toBe(NOT_A_KEY)
    })

    test('only the public key', async () => {
      const spki = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString()
      expect(await errorOf(spki)).toBe(PUBLIC_ONLY)
      expect(await errorOf(JSON.stringify(pair.publicKey.export({ format: 'jwk' })))).toBe(PUBLIC_ONLY)
      expect(await errorOf('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')).toBe(
        PUBLIC_ONLY,
      )
    })

    test('keys of other algorithms', async () => {
      const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey
      expect(await errorOf(ec.export({ format: 'pem', type: 'pkcs8' }).toString())).toBe(NOT_ED25519)
      expect(await errorOf(ec.export({ format: 'pem', type: 'sec1' }).toString())).toBe(NOT_ED25519)
      expect(await errorOf(JSON.stringify(ec.export({ format: 'jwk' })))).toBe(NOT_ED25519)
      const x25519 = generateKeyPairSync('x25519').privateKey
      expect(await errorOf(x25519.export({ format: 'pem', type: 'pkcs8' }).toString())).toBe(NOT_ED25519)
      expect(await errorOf(JSON.stringify(x25519.export({ format: 'jwk' })))).toBe(NOT_ED25519)
      expect(await errorOf(JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }))).toBe(NOT_ED25519)
    })

    test('an encrypted key, and a JWK whose x belongs to another key', async () => {
      const encrypted = pair.privateKey
        .export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'pass phrase' })
        .toString()
      expect(await errorOf(encrypted)).toBe(
        'JWT_KEY_FILE FILE is encrypted; give the key unencrypted (openssl genpkey -algorithm ed25519)',
      )
      const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })
      expect(await errorOf(JSON.stringify({ ...privateJwk, x: other.x }))).toBe(
        'JWT_KEY_FILE FILE has an x (public key) that does not belong to its d',
      )
    })
  })
})

describe('bun run start with a bad signing key', () => {
  /** Starts `bun src/main.ts` with `env`; the key is checked before the database opens, so it exits at once. */
  async function runMain(env: Record<string, string>) {
    const dataDir = join(dir, `pglite-${++files}`)
    const child = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        API_PORT: '0',
        RESOLVER_PORT: '0',
        DASHBOARD_PORT: '0',
        ...env,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    const code = await child.exited
    clearTimeout(timer)
    const stderr = await new Response(child.stderr).text()
    return { code, lines: stderr.trim().split('\n'), opened: existsSync(dataDir) }
  }

  test('a missing key file: one config error line, exit 2, no database opened', async () => {
    const missing = join(dir, 'absent.pem')
    expect(await runMain({ JWT_KEY_FILE: missing })).toEqual({
      code: 2,
      lines: [`config error: JWT_KEY_FILE ${missing} cannot be read (ENOENT)`],
      opened: false,
    })
  })

  test('a public key file: one line naming the problem', async () => {
    const path = keyFile(
      generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    )
    expect(await runMain({ JWT_KEY_FILE: path })).toEqual({
      code: 2,
      lines: [`config error: JWT_KEY_FILE ${path} holds a public key; it must hold the private key`],
      opened: false,
    })
  })

  test('a short secret and both variables: config errors, the secret never printed', async () => {
    const r = await runMain({ JWT_SECRET: 'too-short-secret', JWT_KEY_FILE: 'key.pem' })
    expect(r).toEqual({
      code: 2,
      lines: [
        'config error: JWT_SECRET and JWT_KEY_FILE are both set: set one of them, or neither to keep the key in the database',
        'config error: JWT_SECRET must be at least 32 characters of random data (for example: openssl rand -base64 32)',
      ],
      opened: false,
    })
  })
})
