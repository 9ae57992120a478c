/** What the main thread and the resolver's thread (`resolver-thread.ts`, `resolver-worker.ts`) say to each other. */
import type { Config } from './config.ts'

/** Main thread to the resolver's thread. */
export type ToResolverThread =
  /** Bind the resolver port now, answering 503 until `start`. */
  | { readonly type: 'bind'; readonly config: Config }
  /**
   * Open the database at `databaseUrl` (the configured Postgres, or, when it is shared, the embedded database's socket) and
   * serve scans; `metrics`: keep the resolver's metrics for the main thread's scrapes.
   */
  | {
      readonly type: 'start'
      readonly databaseUrl: string
      readonly shared: boolean
      readonly metrics: boolean
    }
  /** A notification on a channel the thread asked for (`listen`), heard by the main thread's embedded database. */
  | { readonly type: 'notify'; readonly channel: string; readonly payload: string }
  | { readonly type: 'listening'; readonly id: number; readonly error?: string }
  | { readonly type: 'metrics'; readonly id: number }
  /** Stop serving, write the last scan counts, close the database; answer `stopped`. */
  | { readonly type: 'stop' }

/** The resolver's thread to the main thread. */
export type FromResolverThread =
  | { readonly type: 'bound'; readonly port: number }
  | { readonly type: 'ready' }
  /** A step failed: one line for the operator (never a secret). */
  | { readonly type: 'failed'; readonly step: 'bind' | 'start'; readonly message: string }
  /** Subscribe on the embedded database for the thread; answer `listening` with the same id. */
  | { readonly type: 'listen'; readonly id: number; readonly channel: string }
  /** The resolver's metrics as prom-client JSON, for `metrics` of the same id. */
  | { readonly type: 'metrics'; readonly id: number; readonly metrics: unknown }
  | { readonly type: 'stopped'; readonly closed: boolean }
