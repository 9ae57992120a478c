/**
 * The token signing key named by the environment: derived from `JWT_SECRET`, or read from `JWT_KEY_FILE`
 * (PKCS#8 PEM or a private JWK). Either way it is an Ed25519 key used with EdDSA, like the database's keys, and
 * its `kid` is its RFC 7638 thumbprint. Errors are one line and never hold key material.
 */
import { readFile, stat } from 'node:fs/promises'
import { type CryptoKey, calculateJwkThumbprint, importJWK } from 'jose'
import type { SigningKeySource } from '../app/config.ts'
import { importPublicKey, type PublicJwk, SIGNING_ALGORITHM } from './keys.ts'

/**
 * How `JWT_SECRET` becomes a key: HKDF-SHA-256 (RFC 5869) over the secret's UTF-8 bytes with these fixed labels
 * gives a 32-byte Ed25519 seed (RFC 8032 §5.1.5). Changing any of them changes every instance's key: never do it
 * without a new `info` version and a plan for the tokens in flight.
 */
export const JWT_SECRET_DERIVATION = {
  hash: 'SHA-256',
  salt: 'gs1-digital-link-service/JWT_SECRET',
  info: 'Ed25519 token signing key v1',
} as const

/** PKCS#8 (RFC 8410 §7) of an Ed25519 private key, up to its 32-byte seed: version 0, OID 1.3.101.112. */
const ED25519_PKCS8_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
])

/** The DER body of the Ed25519 algorithm OID, 1.3.101.112. */
const ED25519_OID = '2b6570'

/** Key files are a few hundred bytes; anything far larger is the wrong file. */
const MAX_KEY_FILE_BYTES = 64 * 1024

/** A key from the environment, ready to sign and verify; only `jwk` (its public half) is ever published. */
export interface EnvironmentKey {
  readonly source: SigningKeySource['source']
  /** RFC 7638 SHA-256 thumbprint of the public key. */
  readonly kid: string
  /** The private key, not extractable. */
  readonly signing: CryptoKey
  readonly verification: CryptoKey
  readonly jwk: PublicJwk
}

/** Why the environment's key cannot be used; the message is one line, fit for the console, and holds no key material. */
export class SigningKeyError extends Error {
  override name = 'SigningKeyError'
}

export type EnvironmentKeyResult =
  | { ok: true; key: EnvironmentKey | undefined }
  | { ok: false; message: string }

/**
 * What a server entry (Bun or Deno) does before it opens the database: the key the configuration names, none when
 * it names none, or the one-line reason it cannot be used, for the entry to print as a configuration error.
 */
export async function readEnvironmentKey(
  source: SigningKeySource | undefined,
): Promise<EnvironmentKeyResult> {
  if (source === undefined) return { ok: true, key: undefined }
  try {
    return { ok: true, key: await loadSigningKey(source) }
  } catch (error) {
    // loadSigningKey turns every failure into a SigningKeyError; anything else is a defect, not a config error.
    if (!(error instanceof SigningKeyError)) throw error
    return { ok: false, message: error.message }
  }
}

/** Derives (`JWT_SECRET`) or reads (`JWT_KEY_FILE`) the key; throws only {@link SigningKeyError}. */
export async function loadSigningKey(source: SigningKeySource): Promise<EnvironmentKey> {
  try {
    if (source.source === 'JWT_SECRET')
      return await keyFromSeed(await deriveSeed(source.secret), source.source)
    return await keyFromFileText(await readKeyFile(source.path), source.path)
  } catch (error) {
    if (error instanceof SigningKeyError) throw error
    // An unexpected failure's message could quote key bytes: only its name is kept.
    const name = error instanceof Error ? error.name : 'error'
    throw new SigningKeyError(`${source.source}: the signing key could not be loaded (${name})`)
  }
}

/** The 32-byte Ed25519 seed for `secret` ({@link JWT_SECRET_DERIVATION}). */
export async function deriveSeed(secret: string): Promise<Uint8Array> {
  const encode = (text: string) => new TextEncoder().encode(text)
  const ikm = await crypto.subtle.importKey('raw', encode(secret), 'HKDF', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'HKDF',
      hash: JWT_SECRET_DERIVATION.hash,
      salt: encode(JWT_SECRET_DERIVATION.salt),
      info: encode(JWT_SECRET_DERIVATION.info),
    },
    ikm,
    256,
  )
  return new Uint8Array(bits)
}

/** Parses a key file's text (PKCS#8 PEM or a private JWK); `path` only names the file in errors. */
export async function keyFromFileText(text: string, path: string): Promise<EnvironmentKey> {
  const fail = fileFailure(path)
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) return keyFromJwkText(trimmed, fail)
  if (trimmed.includes('-----BEGIN ')) return keyFromPem(trimmed, fail)
  return fail(NOT_A_KEY)
}

const NOT_A_KEY =
  'is not an Ed25519 private key in PKCS#8 PEM or JWK form (openssl genpkey -algorithm ed25519)'
const PUBLIC_ONLY = 'holds a public key; it must hold the private key'
const NOT_ED25519 = 'is not an Ed25519 key (EdDSA over Ed25519 is the only signing algorithm)'

type Fail = (problem: string) => never

/** Throws the one-line error for `path`: the variable, the file, what is wrong with it. */
function fileFailure(path: string): Fail {
  return (problem) => {
    throw new SigningKeyError(`JWT_KEY_FILE ${path} ${problem}`)
  }
}

async function readKeyFile(path: string): Promise<string> {
  const fail = fileFailure(path)
  try {
    const info = await stat(path)
    if (!info.isFile()) return fail('cannot be read (not a regular file)')
    if (info.size > MAX_KEY_FILE_BYTES) return fail(NOT_A_KEY)
    return await readFile(path, 'utf8')
  } catch (error) {
    if (error instanceof SigningKeyError) throw error
    const code = (error as { code?: unknown } | null)?.code
    return fail(`cannot be read (${typeof code === 'string' ? code : 'error'})`)
  }
}

async function keyFromJwkText(text: string, fail: Fail): Promise<EnvironmentKey> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return fail(NOT_A_KEY)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(NOT_A_KEY)
  const { kty, crv, d, x } = parsed as Record<string, unknown>
  if (typeof kty !== 'string') return fail(NOT_A_KEY)
  if (kty !== 'OKP' || crv !== 'Ed25519') return fail(NOT_ED25519)
  if (d === undefined) return fail(PUBLIC_ONLY)
  // 32 bytes are 43 base64url characters without padding (RFC 8037 §2).
  if (typeof d !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(d)) return fail(NOT_A_KEY)
  const key = await keyFromSeed(Buffer.from(d, 'base64url'), 'JWT_KEY_FILE')
  // The public half is computed from `d`; a different `x` in the file means two keys were mixed up.
  if (x !== undefined && x !== key.jwk.x) return fail('has an x (public key) that does not belong to its d')
  return key
}

async function keyFromPem(text: string, fail: Fail): Promise<EnvironmentKey> {
  const block = /-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \1-----/.exec(text)
  if (block === null) return fail(NOT_A_KEY)
  const [, label = '', body = ''] = block
  if (label.includes('PUBLIC KEY') || label.includes('CERTIFICATE')) return fail(PUBLIC_ONLY)
  if (label === 'ENCRYPTED PRIVATE KEY') {
    return fail('is encrypted; give the key unencrypted (openssl genpkey -algorithm ed25519)')
  }
  if (label === 'RSA PRIVATE KEY' || label === 'EC PRIVATE KEY' || label === 'DSA PRIVATE KEY') {
    return fail(NOT_ED25519)
  }
  if (label !== 'PRIVATE KEY') return fail(NOT_A_KEY)
  const base64 = body.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return fail(NOT_A_KEY)
  const der = new Uint8Array(Buffer.from(base64, 'base64'))
  const oid = pkcs8AlgorithmOid(der)
  if (oid === null) return fail(NOT_A_KEY)
  if (oid !== ED25519_OID) return fail(NOT_ED25519)
  try {
    return await keyFromPkcs8(der, 'JWT_KEY_FILE')
  } catch {
    return fail(NOT_A_KEY)
  }
}

/** The algorithm OID (hex of its DER body) of a PKCS#8 PrivateKeyInfo (RFC 5208 §5), or null if it is not one. */
export function pkcs8AlgorithmOid(der: Uint8Array): string | null {
  const outer = readTlv(der, 0)
  if (outer?.tag !== 0x30 || outer.end !== der.length) return null
  const version = readTlv(der, outer.start)
  if (version?.tag !== 0x02) return null
  const algorithm = readTlv(der, version.end)
  if (algorithm?.tag !== 0x30) return null
  const oid = readTlv(der, algorithm.start)
  if (oid?.tag !== 0x06 || oid.end > algorithm.end) return null
  return Buffer.from(der.subarray(oid.start, oid.end)).toString('hex')
}

/** One DER tag-length-value at `at`: the content runs from `start` to `end`. Short and long lengths, no indefinite. */
function readTlv(der: Uint8Array, at: number): { tag: number; start: number; end: number } | null {
  const tag = der[at]
  let length = der[at + 1]
  if (tag === undefined || length === undefined) return null
  let start = at + 2
  if (length >= 0x80) {
    const count = length & 0x7f
    if (count === 0 || count > 3) return null
    length = 0
    for (let i = 0; i < count; i++) {
      const byte = der[start + i]
      if (byte === undefined) return null
      length = length * 256 + byte
    }
    start += count
  }
  const end = start + length
  return end <= der.length ? { tag, start, end } : null
}

/** The key for a 32-byte Ed25519 seed. */
export function keyFromSeed(seed: Uint8Array, source: SigningKeySource['source']): Promise<EnvironmentKey> {
  const der = new Uint8Array(ED25519_PKCS8_PREFIX.length + seed.length)
  der.set(ED25519_PKCS8_PREFIX)
  der.set(seed, ED25519_PKCS8_PREFIX.length)
  return keyFromPkcs8(der, source)
}

async function keyFromPkcs8(
  der: Uint8Array<ArrayBuffer>,
  source: SigningKeySource['source'],
): Promise<EnvironmentKey> {
  // Extractable only for this moment, to learn the public half; the key that signs is imported again, sealed.
  const loose = await crypto.subtle.importKey('pkcs8', der, { name: 'Ed25519' }, true, ['sign'])
  const { d, x } = await crypto.subtle.exportKey('jwk', loose)
  if (typeof d !== 'string' || typeof x !== 'string')
    throw new SigningKeyError('the Ed25519 key has no public half')
  const publicJwk = { kty: 'OKP', crv: 'Ed25519', x }
  const kid = await calculateJwkThumbprint(publicJwk)
  const signing = (await importJWK({ ...publicJwk, d }, SIGNING_ALGORITHM, {
    extractable: false,
  })) as CryptoKey
  const { key: verification, jwk } = await importPublicKey(kid, SIGNING_ALGORITHM, publicJwk)
  return { source, kid, signing, verification, jwk }
}
