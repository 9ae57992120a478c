import { describe, expect, test } from 'bun:test'
import { readConfig } from '../../src/config.ts'
import { DatabaseOpenError, openConfiguredDatabase } from '../../src/db/open.ts'

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
