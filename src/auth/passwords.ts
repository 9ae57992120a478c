/** People's passwords: the policy, and argon2id hashes through `Bun.password` with a constant-time refusal of unknown users. */

/** Shortest password accepted, in characters (NIST SP 800-63B asks for at least 8; we ask 12 without a second factor). */
export const MIN_PASSWORD_LENGTH = 12
/** Longest password accepted, in characters: bounds the work of one hash. */
export const MAX_PASSWORD_LENGTH = 256

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes): a sign-in costs tens of milliseconds, and many at
 * once cannot exhaust memory. The parameters travel in each hash, so they can be raised later.
 */
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 } as const

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, confirmation?: string): string | null {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
  if (password.trim() === '') return 'A password of spaces only is not accepted.'
  if (confirmation !== undefined && confirmation !== password) return 'The two passwords differ.'
  return null
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2)
}

let dummyHash: Promise<string> | null = null

/**
 * True when `password` matches `hash`. With no hash (an unknown user, or one who never set a password) it still
 * verifies against a dummy hash, so the answer takes as long as for a known user.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH * 4) return false
  if (hash === null) {
    dummyHash ??= hashPassword('not a password of anyone')
    await Bun.password.verify(password, await dummyHash)
    return false
  }
  try {
    return await Bun.password.verify(password, hash)
  } catch {
    return false
  }
}
