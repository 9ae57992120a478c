/** A short mixed load on a real instance: no 5xx, no dropped connection, every answer as expected (the 60 s run is bench/load-mixed.ts). */
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { TEST_DATABASE_URL } from '../support/db.ts'
import { startInstance, stopAllInstances } from '../support/processes.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'
import { LOAD_SERVICE_ENV, prepareLoadDatabase, runMixedLoad } from './load.ts'

const SECONDS = 10

describe('mixed load', () => {
  let scratch: ScratchDatabase | null = null
  let dir: string | null = null

  afterAll(async () => {
    await stopAllInstances()
    await scratch?.drop()
    if (dir !== null) removeTempDir(dir)
  }, 60_000)

  test(`${SECONDS} s of redirects, linksets, compressed links, tokens, codes and batches: no 5xx, no drop, no surprise`, async () => {
    scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL, 'load') : null
    dir = scratch === null ? makeTempDir('load') : null
    const dataDir = join(dir ?? '', 'pglite')
    const basic = await prepareLoadDatabase(scratch ? { url: scratch.url } : { dataDir })
    const env: Record<string, string> = {
      ...LOAD_SERVICE_ENV,
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
    }
    const instance = await startInstance({ env, logs: 'discard', readyTimeoutMs: 120_000 })
    const result = await runMixedLoad(instance, basic, {
      seconds: SECONDS,
      connections: 32,
      warmupSeconds: 3,
    })
    expect({ fivexx: result.fivexx, dropped: result.dropped, unexpected: result.unexpected }).toEqual({
      fivexx: 0,
      dropped: 0,
      unexpected: 0,
    })
    expect(result.settled).toBe(true)
    for (const kind of result.kinds) expect(kind.requests).toBeGreaterThan(0)
    // Stops gracefully right after the load.
    expect(await instance.stop()).toBe(0)
  }, 180_000)
})
