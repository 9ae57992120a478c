/** Client IDs, client secrets and their scrypt hashes (PHC string format), compared in constant time. */
import { Buffer } from 'node:buffer'
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** Every client ID starts with this prefix (SPEC "API client"); the rest is 128 random bits in hex. */
export const CLIENT_ID_PREFIX = 'svc_client_'

/**
 * scrypt cost: N = 2^14, r = 8, p = 1 (16 MiB) is the interactive-login setting of the scrypt paper
 * and Node's default. Secrets carry 256 random bits, so the hash only has to resist a database
 * leak, not a dictionary; the parameters travel in each hash so they can be raised later.
 */
export const SCRYPT_COST = { ln: 14, r: 8, p: 1 } as const

const SALT_BYTES = 16
const KEY_BYTES = 32
const SECRET_BYTES = 32
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/

const CLIENT_ID = /^svc_client_[0-9a-f]{32}$/

/** True for a string shaped like the IDs {@link newClientId} issues; nothing else can name a client. */
export function isClientId(value: string): boolean {
  return CLIENT_ID.test(value)
}

/** A new client ID: `svc_client_` + 32 hex digits (128 bits). */
export function newClientId(): string {
  return CLIENT_ID_PREFIX + randomBytes(16).toString('hex')
}

/** A new client secret: 256 random bits, base64url without padding (43 characters). */
export function newClientSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url')
}

/** Hashes a secret with a fresh random salt; the result is a PHC string such as `$scrypt$ln=14,r=8,p=1$…$…`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(secret, salt, SCRYPT_COST, KEY_BYTES)
  return formatHash(SCRYPT_COST, salt, key)
}

/**
 * True when `secret` matches `hash`. Always runs the full scrypt, also for a malformed hash (then
 * against {@link DUMMY_SECRET_HASH}), and compares with `timingSafeEqual`, so every path costs the same.
 */
export async function verifySecret(secret: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash)
  const target = parsed ?? (parseHash(DUMMY_SECRET_HASH) as ParsedHash)
  const key = await derive(secret, target.salt, target.cost, target.key.length)
  return timingSafeEqual(key, target.key) && parsed !== null
}

/** A well-formed hash no secret matches (an all-zero key); the unknown-client path verifies against it. */
export const DUMMY_SECRET_HASH = formatHash(SCRYPT_COST, Buffer.alloc(SALT_BYTES), Buffer.alloc(KEY_BYTES))

interface Cost {
  ln: number
  r: number
  p: number
}

interface ParsedHash {
  cost: Cost
  salt: Buffer
  key: Buffer
}

function formatHash(cost: Cost, salt: Uint8Array, key: Uint8Array): string {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/=+$/, '')
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`
}

function parseHash(hash: string): ParsedHash | null {
  const m = PHC.exec(hash)
  if (!m) return null
  const cost = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  if (cost.ln < 10 || cost.ln > 20 || cost.r < 1 || cost.p < 1) return null
  const salt = Buffer.from(m[4] ?? '', 'base64')
  const key = Buffer.from(m[5] ?? '', 'base64')
  return salt.length >= 8 && key.length >= 16 ? { cost, salt, key } : null
}

/** Async scrypt: runs on the worker pool, so a token request never blocks the event loop. */
function derive(secret: string, salt: Uint8Array, cost: Cost, length: number): Promise<Buffer> {
  const N = 2 ** cost.ln
  const options = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r }
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}
