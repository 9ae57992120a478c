/**
 * Finds secrets in log lines: known client secrets, access tokens and `Authorization` values, plus
 * shapes that are never safe to log. Test harnesses feed one process-wide collector that the
 * preload (`log-audit-preload.ts`) scans once the whole run is over.
 */
import { createLogger, type Logger } from '../../src/lib/log.ts'

/** A JWS compact serialisation: what every access token looks like (RFC 7515 §7.1). */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/
/** An `Authorization` value with credentials after the scheme. */
const AUTHORIZATION_VALUE = /\b(?:basic|bearer)\s+[A-Za-z0-9+/=._~-]{8,}/i
/** JSON log fields that must never exist, whatever their value. */
const SECRET_FIELD = /"(?:authorization|client_?secret|secret|password|access_?token|token)"\s*:/i

/** Known values shorter than this are not searched (they would match by chance). */
const MIN_KNOWN = 8

/** What one finding says: the line's position and the kind of secret, never the secret itself. */
export interface LogFinding {
  readonly line: number
  readonly kind: string
}

/** Every form in which a known secret could reach a log: as is, form-encoded, and inside a Basic value. */
function knownForms(known: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const value of known) {
    if (value.length < MIN_KNOWN) continue
    forms.add(value)
    forms.add(encodeURIComponent(value))
    forms.add(JSON.stringify(value).slice(1, -1))
  }
  return [...forms]
}

/** Scans `lines` for secret shapes and for the `known` values (secrets, tokens, `Authorization` values). */
export function scanForSecrets(lines: readonly string[], known: readonly string[] = []): LogFinding[] {
  const forms = knownForms(known)
  const findings: LogFinding[] = []
  lines.forEach((text, line) => {
    if (JWT.test(text)) findings.push({ line, kind: 'access token (JWT)' })
    if (AUTHORIZATION_VALUE.test(text)) findings.push({ line, kind: 'Authorization value' })
    if (SECRET_FIELD.test(text)) findings.push({ line, kind: 'secret-named field' })
    if (forms.some((f) => text.includes(f))) findings.push({ line, kind: 'known secret or token' })
  })
  return findings
}

/** A one-line-per-finding report that names the line and the kind but never prints the line. */
export function describeFindings(findings: readonly LogFinding[]): string {
  return findings.map((f) => `log line ${f.line}: ${f.kind}`).join('\n')
}

interface Collector {
  lines: string[]
  known: Set<string>
}

const KEY = Symbol.for('gs1-service.tests.log-audit')

/** The process-wide collector (one per `bun test` run: every test file runs in the same process). */
export function collector(): Collector {
  const holder = globalThis as unknown as Record<symbol, Collector | undefined>
  holder[KEY] ??= { lines: [], known: new Set() }
  return holder[KEY]
}

/** Adds log lines written anywhere in the run (in-process loggers, child processes' stdout). */
export function recordLogLines(lines: Iterable<string>): void {
  collector().lines.push(...lines)
}

/** Registers a secret, token or `Authorization` value the run used; the final scan looks for it. */
export function recordSecret(...values: string[]): void {
  for (const v of values) collector().known.add(v)
}

/** Like `memoryLogger()`, and every line also goes to the run's collector. */
export function auditedLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const logger = createLogger((line) => {
    lines.push(line)
    collector().lines.push(line)
  })
  return { ...logger, lines }
}
