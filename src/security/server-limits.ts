/** `Bun.serve` options for each port: body and URL limits, idle timeout, no error pages, the peer address recorded. */
import { MAX_BODY_BYTES } from '../api/app.ts'
import { MAX_UPLOAD_BYTES } from '../dashboard/form.ts'
import { rememberPeer } from './client-address.ts'
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from './config.ts'
import {
  internalError,
  MAX_URL_BYTES,
  resolverBodyTooLarge,
  type Surface,
  uriTooLong,
} from './limit-responses.ts'

export { MAX_URL_BYTES, type Surface, starting } from './limit-responses.ts'

/**
 * Largest body Bun accepts on the API port before it answers a bare `413` itself. Twice the app's
 * 1 MiB, so that bodies just over the limit still get the app's `413` in the envelope (it refuses by
 * `Content-Length` or while streaming, without buffering the rest).
 */
export const API_MAX_BODY_BYTES = 2 * MAX_BODY_BYTES

/** The resolver port serves only GET, HEAD and OPTIONS: a body over this is refused early, with `413`. */
export const RESOLVER_MAX_BODY_BYTES = 16 * 1024

/**
 * Bun's own limit on the resolver port, above its 16 KiB: Bun answers a body over its limit with a bare `413` and
 * closes the connection at once, before the client has written it, so the client got EPIPE or ECONNRESET instead
 * of the answer. Under this limit the resolver answers (`413` by `Content-Length`, `405` to a method it does not
 * serve) without reading the body, and Bun reads and discards the rest after the answer: the client can finish
 * writing and then reads it. The API (2 MiB over its 1 MiB) and the dashboard (33 MiB over 32 MiB) leave the same
 * room between their own limit and Bun's.
 */
export const RESOLVER_DRAIN_BYTES = API_MAX_BODY_BYTES

/**
 * The dashboard takes catalog files of up to 32 MiB as `multipart/form-data`; the form's other fields and the
 * multipart framing come on top, so Bun's own limit leaves 1 MiB more, and the dashboard refuses the rest with its
 * `413` page.
 */
export const DASHBOARD_MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024

const MAX_BODY: Readonly<Record<Surface, number>> = {
  api: API_MAX_BODY_BYTES,
  resolver: RESOLVER_DRAIN_BYTES,
  dashboard: DASHBOARD_MAX_BODY_BYTES,
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
  readonly surface: Surface
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
 * Bun.serve(serverOptions({ surface: 'api', port: config.apiPort, fetch: service.api, security: config.security }))
 */
export function serverOptions(input: ServerOptionsInput): ServerOptions {
  const security = input.security ?? DEFAULT_SECURITY_CONFIG
  const options: ServerOptions = {
    port: input.port,
    maxRequestBodySize: MAX_BODY[input.surface],
    idleTimeout: security.idleTimeoutSeconds,
    development: false,
    reusePort: false,
    fetch: guardRequests(input.surface, input.fetch, input.onError),
    error: (error) => {
      report(input.onError, error)
      return internalError(input.surface, new Request('http://invalid/'))
    },
  }
  if (input.hostname !== undefined) options.hostname = input.hostname
  return options
}

/**
 * Wraps a port's handler: records the peer address for the rate limiters (the API's token endpoint, the
 * dashboard's sign-in), answers `414` for URLs over 8 KiB in the port's error shape, on the resolver `413` for a
 * declared body over 16 KiB, and turns a throw into a constant `500`.
 */
export function guardRequests(
  surface: Surface,
  handler: Handler,
  onError?: (error: unknown) => void,
): (request: Request, server?: PeerSource) => Response | Promise<Response> {
  // Only the API and the dashboard limit by address; the resolver's hot path skips the lookup.
  const recordPeer = surface !== 'resolver'
  // The API and the dashboard judge their bodies themselves; the resolver reads none.
  const bodyLimit = surface === 'resolver' ? RESOLVER_MAX_BODY_BYTES : null
  return (request, server) => {
    const failed = (error: unknown) => {
      report(onError, error)
      return internalError(surface, request)
    }
    // The peer lookup and the 414 run inside the try too: any throw gets the port's own 500 shape.
    try {
      if (recordPeer && server !== undefined) rememberPeer(request, server.requestIP(request)?.address)
      if (request.url.length > MAX_URL_BYTES) return uriTooLong(surface, request)
      if (bodyLimit !== null && declaresMore(request, bodyLimit)) return resolverBodyTooLarge(request)
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
