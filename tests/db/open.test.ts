import { describe, expect, test } from 'bun:test'
import { readConfig } from '../../src/app/config.ts'
import { ADVISORY_LOCKS } from '../../src/db/advisory-locks.ts'
import { DatabaseOpenError, openConfiguredDatabase } from '../../src/db/open.ts'
import { TEST_DATABASE_URL } from '../support/db.ts'
import { createScratchDatabase, postgresClient } from '../support/scratch-db.ts'

function configFor(databaseUrl: string) {
  const read = readConfig({ DATABASE_URL: databaseUrl })
  if (!read.ok) throw new Error(read.errors.join('; '))
  return read.config
}

describe('openConfiguredDatabase', () => {
  test('a peer that accepts the connection but never speaks Postgres fails within the deadline, password hidden', async () => {
    // An HTTP server, say: it answers whatever it is sent with an HTTP error, which the driver cannot read.
    const peer = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: {
        data: (socket) => void socket.write('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n'),
      },
    })
    try {
      const opened = openConfiguredDatabase(
        configFor(`postgres://u:hunter2@127.0.0.1:${peer.port}/x`),
        {},
        1500,
      )
      await expect(opened).rejects.toThrow(DatabaseOpenError)
      await expect(opened).rejects.toThrow(
        `cannot open the database at postgres://u:***@127.0.0.1:${peer.port}/x: no Postgres server answered ` +
          'within 1.5 s (does DATABASE_URL name a Postgres server?)',
      )
    } finally {
      peer.stop(true)
    }
  })
})

describe.if(TEST_DATABASE_URL !== null)('openConfiguredDatabase on Postgres', () => {
  test('waits for another instance’s migrations past the deadline: only the first answer is bounded', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 't_open')
    try {
      // Another instance migrating this database: it holds the migration lock.
      const other = postgresClient(scratch.url)
      await other`select pg_advisory_lock(${ADVISORY_LOCKS.migration})`
      let settled = false
      const opening = openConfiguredDatabase(configFor(scratch.url), {}, 300).finally(() => {
        settled = true
      })
      await Bun.sleep(1000)
      expect(settled).toBe(false)
      await other`select pg_advisory_unlock(${ADVISORY_LOCKS.migration})`
      await other.end({ timeout: 5 })
      await (await opening).close()
    } finally {
      await scratch.drop()
    }
  })
})
