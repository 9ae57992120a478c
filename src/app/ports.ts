/**
 * The `Bun.serve` options of the service's three ports: each port's limits and its own answers to what they refuse,
 * handed to the generic `serverOptions` of `src/security/server-limits.ts` as values.
 */
import { MAX_BODY_BYTES } from '../api/app.ts'
import { MAX_UPLOAD_BYTES } from '../dashboard/form.ts'
import type { SecurityConfig } from '../security/config.ts'
import {
  guardRequests,
  type Handler,
  type PeerSource,
  type PortLimits,
  type ServerOptions,
  serverOptions,
} from '../security/server-limits.ts'
import { portAnswers } from './port-answers.ts'
import type { Surface } from './serve-mode.ts'

export { starting } from './port-answers.ts'

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

/** Each port's limits: the API and the dashboard judge their bodies and limit by address; the resolver reads none. */
const PORT_LIMITS: Readonly<Record<Surface, PortLimits>> = {
  api: { maxBodyBytes: API_MAX_BODY_BYTES, recordPeer: true },
  resolver: {
    maxBodyBytes: RESOLVER_DRAIN_BYTES,
    declaredBodyBytes: RESOLVER_MAX_BODY_BYTES,
    recordPeer: false,
  },
  dashboard: { maxBodyBytes: DASHBOARD_MAX_BODY_BYTES, recordPeer: true },
}

export interface PortOptionsInput {
  readonly surface: Surface
  readonly port: number
  readonly fetch: Handler
  readonly hostname?: string
  readonly security?: SecurityConfig
  /** Told when a handler throws (the client gets a constant `500`); log the error's name only. */
  readonly onError?: (error: unknown) => void
}

/**
 * The options of one of the service's ports.
 *
 * @example
 * Bun.serve(portOptions({ surface: 'api', port: config.apiPort, fetch: service.api, security: config.security }))
 */
export function portOptions(input: PortOptionsInput): ServerOptions {
  const { surface, ...rest } = input
  return serverOptions({ ...rest, answers: portAnswers(surface), limits: PORT_LIMITS[surface] })
}

/** A port's handler behind its limits (the Deno entry serves it without `Bun.serve`). */
export function guardPort(
  surface: Surface,
  handler: Handler,
  onError?: (error: unknown) => void,
): (request: Request, server?: PeerSource) => Response | Promise<Response> {
  return guardRequests(portAnswers(surface), PORT_LIMITS[surface], handler, onError)
}
