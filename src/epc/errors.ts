/** Internal rejection signal of the decoder; never leaves the module (decodeSegment returns a result). */
import type { EpcRejection } from './types.ts'

/** Thrown inside the decoder and turned into `{ ok: false, reason, message }` at the public boundary. */
export class EpcError extends Error {
  readonly reason: EpcRejection

  constructor(reason: EpcRejection, message: string) {
    super(message)
    this.reason = reason
  }
}

/** Aborts decoding with a reason; messages never echo more than a few characters of input. */
export function abortDecoding(reason: EpcRejection, message: string): never {
  throw new EpcError(reason, message)
}
