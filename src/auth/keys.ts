/** Signing keys as JWKs: generation (Ed25519), the RFC 7638 thumbprint as `kid`, import and JWKS entries. */
import { type CryptoKey, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'

/** Tokens are signed with EdDSA over Ed25519 (RFC 8037): asymmetric, small, fast to sign. */
export const SIGNING_ALGORITHM = 'EdDSA'

/** A key pair as stored in `signing_keys`. */
export interface StoredKey {
  kid: string
  algorithm: string
  privateJwk: Record<string, unknown>
  publicJwk: Record<string, unknown>
  createdAt: Date
  retiredAt: Date | null
}

/** A public key ready for verification, with its JWKS entry. */
export interface VerificationKey {
  kid: string
  key: CryptoKey
  jwk: PublicJwk
}

/** One entry of the published JWK Set (RFC 7517 §4). */
export interface PublicJwk {
  kty: string
  crv?: string
  x?: string
  y?: string
  kid: string
  alg: string
  use: 'sig'
}

/** Generates a fresh Ed25519 key pair; `kid` is its RFC 7638 thumbprint, so it names the key itself. */
export async function generateSigningKey(): Promise<Omit<StoredKey, 'createdAt' | 'retiredAt'>> {
  const pair = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true })
  const publicJwk = await exportJWK(pair.publicKey)
  const privateJwk = await exportJWK(pair.privateKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  return { kid, algorithm: SIGNING_ALGORITHM, privateJwk: { ...privateJwk }, publicJwk: { ...publicJwk } }
}

/** Imports the private half for signing. */
export async function importSigningKey(stored: StoredKey): Promise<CryptoKey> {
  return (await importJWK(stored.privateJwk as JWK, stored.algorithm)) as CryptoKey
}

/** Imports the public half for verification and builds its JWKS entry. */
export function importVerificationKey(stored: StoredKey): Promise<VerificationKey> {
  return importPublicKey(stored.kid, stored.algorithm, stored.publicJwk)
}

/** Imports a public JWK (only its public members are read) and builds its JWKS entry. */
export async function importPublicKey(
  kid: string,
  algorithm: string,
  publicJwk: Record<string, unknown>,
): Promise<VerificationKey> {
  const { kty, crv, x, y } = publicJwk as JWK
  const jwk: PublicJwk = { kty: String(kty), kid, alg: algorithm, use: 'sig' }
  if (crv !== undefined) jwk.crv = crv
  if (x !== undefined) jwk.x = x
  if (y !== undefined) jwk.y = y
  const key = (await importJWK({ kty, crv, x, y } as JWK, algorithm)) as CryptoKey
  return { kid, key, jwk }
}
