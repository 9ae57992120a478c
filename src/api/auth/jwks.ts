/** `GET /.well-known/jwks.json`: the public keys that verify our access tokens (RFC 7517 §5), so others can check them. */
import { Elysia } from 'elysia'
import type { AuthService } from '../../auth/service.ts'
import { JSON_TYPE, parseAccept, qualityOf } from '../media.ts'
import { routePattern } from '../openapi/operation.ts'
import { getJwks } from './operations.ts'

export { JWKS_PATH } from './operations.ts'

/** RFC 7517 §8.5. */
export const JWK_SET_TYPE = 'application/jwk-set+json'

/**
 * Verifiers may cache the set for five minutes; one that meets an unknown `kid` after a rotation
 * refetches it (as jose's remote JWK Set does), so caching never rejects a fresh key for long.
 */
export const JWKS_CACHE_CONTROL = 'public, max-age=300'

export function jwksRoute(auth: Pick<AuthService, 'jwks'>) {
  return new Elysia({ name: 'jwks' }).route(getJwks.method, routePattern(getJwks), ({ request }) => {
    const type = preferredType(request.headers.get('accept'))
    return new Response(JSON.stringify(auth.jwks()), {
      headers: { 'content-type': type, 'cache-control': JWKS_CACHE_CONTROL },
    })
  })
}

/** Lenient on purpose, so any verifier gets the set: JSON unless the JWK Set type is preferred. */
function preferredType(accept: string | null): string {
  if (accept === null) return JSON_TYPE
  const ranges = parseAccept(accept)
  return qualityOf(JWK_SET_TYPE, ranges) > qualityOf(JSON_TYPE, ranges) ? JWK_SET_TYPE : JSON_TYPE
}
