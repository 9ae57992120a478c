/** Binding a port at start, shared by the service (`src/main.ts`) and the standalone resolver entries. */
import { errorMessage } from '../lib/log.ts'
import type { Surface } from './serve-mode.ts'

/**
 * The server `listen` starts, or the end of the process with one line (a port in use, say) and exit code 1, after
 * `release` has let go of what the process holds (servers already started, the database).
 */
export async function listenOrExit<T>(
  surface: Surface | 'metrics',
  port: number,
  listen: () => T | Promise<T>,
  exit: (code: number) => never,
  release: () => Promise<void> = async () => {},
): Promise<T> {
  try {
    return await listen()
  } catch (error) {
    console.error(`error: cannot serve the ${surface} on port ${port}: ${errorMessage(error)}`)
    await release()
    return exit(1)
  }
}
