/** What one process serves (`SERVE`) and how many worker threads draw codes (`WORKER_THREADS`), read by `src/app/config.ts`. */
import { availableParallelism } from 'node:os'

/** `all`: API, resolver and dashboard; `api`: the API and the dashboard; `resolver`: the resolver alone. */
export type ServeMode = 'all' | 'api' | 'resolver'

const SERVE_MODES: readonly ServeMode[] = ['all', 'api', 'resolver']

/** The three servers of the service; each has its port, its limits and its error shape. */
export type Surface = 'api' | 'resolver' | 'dashboard'

/** `SERVE`, default `all`. The halves need Postgres: the embedded database lives in one process (docs/design.md). */
export function readServeMode(raw: string | undefined, embedded: boolean, errors: string[]): ServeMode {
  const value = (raw ?? '').trim().toLowerCase() || 'all'
  const mode = SERVE_MODES.find((m) => m === value)
  if (mode === undefined) {
    errors.push('SERVE must be all, api or resolver')
    return 'all'
  }
  if (mode !== 'all' && embedded) {
    errors.push(
      `SERVE=${mode} needs DATABASE_URL: the embedded database lives in one process, which must serve everything (SERVE=all)`,
    )
  }
  return mode
}

/** The surfaces a process in `mode` serves, in the order their ports are bound. */
export function servedSurfaces(mode: ServeMode): Surface[] {
  if (mode === 'api') return ['api', 'dashboard']
  if (mode === 'resolver') return ['resolver']
  return ['api', 'resolver', 'dashboard']
}

/** Most worker threads by default: past a few, batches and renders wait on the main thread's HTTP work anyway. */
const MAX_DEFAULT_THREADS = 4

/** One thread fewer than the cores (the main thread keeps HTTP and the database), at least 1, at most 4. */
export function defaultWorkerThreads(cores: number = availableParallelism()): number {
  return Math.min(MAX_DEFAULT_THREADS, Math.max(1, cores - 1))
}

/** `WORKER_THREADS`: 0 draws and generates in the main thread; default {@link defaultWorkerThreads}. */
export function readWorkerThreads(raw: string | undefined, errors: string[]): number {
  const value = raw?.trim() ?? ''
  if (value === '') return defaultWorkerThreads()
  const threads = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN
  if (threads >= 0 && threads <= 32) return threads
  errors.push('WORKER_THREADS must be a whole number from 0 to 32')
  return defaultWorkerThreads()
}
