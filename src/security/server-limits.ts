/**
 * `Bun.serve` options for a port: body and URL limits, idle timeout, no error pages, the peer address recorded. The
 * port's own answers (its `414`, `413` and `500` shapes) and limits are handed in as values (`src/app/ports.ts`
 * builds them for the API, the resolver and the dashboard), so this module knows no surface.
 */
import { rememberPeer } from './client-address.ts'
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from './config.ts'

/** Longest request URL (scheme, host, path and query) any port reads. */
export const MAX_URL_BYTES = 8 * 1024

/** A port's answers to what its limits refuse, each in the port's own shape; none echoes the request. */
export interface PortAnswers {
  /** `414` for a URL over {@link MAX_URL_BYTES}. */
  uriTooLong(request: Request): Response
  /** A constant `500` for a handler that threw past its own error handling. */
  internalError(request: Request): Response
  /** `413` for a declared body over `PortLimits.declaredBodyBytes`; only ports that read no body have one. */
  bodyTooLarge?(request: Request): Response
}

export interface PortLimits {
  /** Bun's own limit: over it Bun answers a bare `413` and closes the connection. */
  readonly maxBodyBytes: number
  /** Refuse a request that declares a larger body, before the handler (a port that reads no body); absent: none. */
  readonly declaredBodyBytes?: number
  /** Record the peer address for rate limits (the API's token endpoint, the dashboard's sign-in). */
  readonly recordPeer: boolean
}

/**
 * Bun's own limit on a request head (request line plus header fields, `--max-http-header-size`,
 * default 16 KiB); over it Bun answers `431` and closes the connection before any handler runs.
 */
export const MAX_HEAD_BYTES = 16 * 1024

/** The part of a Bun server the entry uses: the peer address of a request. */
export interface PeerSource {
  requestIP(request: Request): { address: string } | null
}

export type Handler = (request: Request) => Response | Promise<Response>

export interface ServerOptionsInput {
  readonly answers: PortAnswers
  readonly limits: PortLimits
  readonly port: number
  readonly fetch: Handler
  readonly hostname?: string
  readonly security?: SecurityConfig
  /** Told when a handler throws (the client gets a constant `500`); log the error's name only. */
  readonly onError?: (error: unknown) => void
}

/** What `Bun.serve` receives. */
export interface ServerOptions {
  port: number
  hostname?: string
  maxRequestBodySize: number
  idleTimeout: number
  development: false
  reusePort: false
  fetch: (request: Request, server: PeerSource) => Response | Promise<Response>
  error: (error: unknown) => Response
}

/**
 * The options of one port. `development: false` keeps Bun's error page (with its stack trace) off
 * whatever `NODE_ENV` says. With it, Bun also sets SO_REUSEPORT unless told not to: a second process (or the
 * other port's server) would then bind the same port without an error and take part of its traffic.
 *
 * @example
 * Bun.serve(serverOptions({ answers, limits, port: config.apiPort, fetch: service.api, security: config.security }))
 */
export function serverOptions(input: ServerOptionsInput): ServerOptions {
  const security = input.security ?? DEFAULT_SECURITY_CONFIG
  const options: ServerOptions = {
    port: input.port,
    maxRequestBodySize: input.limits.maxBodyBytes,
    idleTimeout: security.idleTimeoutSeconds,
    development: false,
    reusePort: false,
    fetch: guardRequests(input.answers, input.limits, input.fetch, input.onError),
    error: (error) => {
      report(input.onError, error)
      return input.answers.internalError(new Request('http://invalid/'))
    },
  }
  if (input.hostname !== undefined) options.hostname = input.hostname
  return options
}

/**
 * Wraps a port's handler: records the peer address for the rate limiters (the API's token endpoint, the
 * dashboard's sign-in), answers `414` for URLs over 8 KiB in the port's error shape, `413` for a declared body over
 * the port's limit where it reads none (the resolver), and turns a throw into a constant `500`.
 */
export function guardRequests(
  answers: PortAnswers,
  limits: PortLimits,
  handler: Handler,
  onError?: (error: unknown) => void,
): (request: Request, server?: PeerSource) => Response | Promise<Response> {
  // The resolver's hot path skips the peer lookup: only the ports with rate limits by address record it.
  const recordPeer = limits.recordPeer
  const bodyLimit = limits.declaredBodyBytes ?? null
  const bodyTooLarge = answers.bodyTooLarge
  return (request, server) => {
    const failed = (error: unknown) => {
      report(onError, error)
      return answers.internalError(request)
    }
    // The peer lookup and the 414 run inside the try too: any throw gets the port's own 500 shape.
    try {
      if (recordPeer && server !== undefined) rememberPeer(request, server.requestIP(request)?.address)
      if (request.url.length > MAX_URL_BYTES) return answers.uriTooLong(request)
      if (bodyLimit !== null && bodyTooLarge !== undefined && declaresMore(request, bodyLimit))
        return bodyTooLarge(request)
      const response = handler(request)
      return response instanceof Promise ? response.catch(failed) : response
    } catch (error) {
      return failed(error)
    }
  }
}

/**
 * True when a request that may carry a body declares more than `limit` bytes. A scan (GET, HEAD) is not even looked
 * at: Bun never hands its body to the handler.
 */
function declaresMore(request: Request, limit: number): boolean {
  const method = request.method
  if (method === 'GET' || method === 'HEAD') return false
  return Number(request.headers.get('content-length') ?? '0') > limit
}

function report(onError: ((error: unknown) => void) | undefined, error: unknown): void {
  try {
    onError?.(error)
  } catch {
    // A failing error hook must not change the answer.
  }
}
