/** The session cookie (DESIGN §7): `__Host-session` over https, `session` on plain http; HttpOnly, SameSite=Lax. */

export interface CookieNames {
  readonly session: string
  readonly secure: boolean
}

export function cookieNames(dashboardUrl: string): CookieNames {
  const secure = dashboardUrl.startsWith('https:')
  // The __Host- prefix (RFC 6265bis §4.1.3.2) needs Secure, so it can only be used over https.
  return { session: secure ? '__Host-session' : 'session', secure }
}

/** The value of one cookie in a `Cookie` header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (header === null) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/** `Set-Cookie` for a new session, kept by the browser as long as the session can live (the server ends it sooner). */
export function sessionCookie(names: CookieNames, token: string, maxAgeSeconds: number): string {
  return `${names.session}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${names.secure ? '; Secure' : ''}`
}

/** `Set-Cookie` that removes the session cookie. */
export function clearSessionCookie(names: CookieNames): string {
  return `${names.session}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${names.secure ? '; Secure' : ''}`
}
