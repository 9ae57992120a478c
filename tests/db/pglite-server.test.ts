import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { postgresTarget, socketOption } from '../../src/db/connection-url.ts'
import { openDatabase } from '../../src/db/database.ts'
import { simpleQuery } from '../../src/db/pg-wire.ts'
import { type PgliteServer, SOCKET_FILE, servePglite, socketPath } from '../../src/db/pglite-server.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

let pg: PGlite
let server: PgliteServer
let dir: string
const IDLE_MS = 300

beforeAll(async () => {
  dir = makeTempDir('pglite-server')
  pg = await PGlite.create()
  await pg.exec('create table items (id int primary key, note text)')
  server = await servePglite(pg, join(dir, SOCKET_FILE), { idleInTransactionMs: IDLE_MS })
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  await server.close()
  await pg.close()
  removeTempDir(dir)
})

/** A postgres.js pool on the socket, as the resolver's thread and the CLI open it. */
function client(options: postgres.Options<Record<string, never>> = {}) {
  const target = postgresTarget(server.url)
  return postgres(target.url, { ...socketOption(target), max: 4, onnotice: () => {}, ...options })
}

async function count(where = 'true'): Promise<number> {
  return (
    (await pg.query<{ n: number }>(`select count(*)::int as n from items where ${where}`)).rows[0]?.n ?? -1
  )
}

/** A raw connection that has sent its startup packet and read the backend's welcome. */
async function rawConnection() {
  const socket = connect(join(dir, SOCKET_FILE))
  const received: Buffer[] = []
  socket.on('data', (d: Buffer) => received.push(d))
  await new Promise((resolve) => socket.once('connect', resolve))
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0')
  const start = Buffer.alloc(8)
  start.writeInt32BE(8 + params.length, 0)
  start.writeInt32BE(196608, 4)
  socket.write(Buffer.concat([start, params]))
  const seen = async (text: string) => {
    for (let i = 0; i < 200 && !Buffer.concat(received).includes(text); i++) await Bun.sleep(10)
    return Buffer.concat(received).includes(text)
  }
  await seen('Z')
  return { socket, seen }
}

describe('servePglite', () => {
  test('a postgres.js client reads and writes through the socket as through Postgres, prepared statements too', async () => {
    const sql = client()
    try {
      await sql`insert into items values (1, 'one')`
      expect(await sql`select id, note from items where id = ${1}`).toEqual([{ id: 1, note: 'one' }] as never)
      const rows = await sql.unsafe('select $1::int + 1 as n', [41], { prepare: true }).values()
      expect(rows).toEqual([[42]] as never)
      expect(await count('id = 1')).toBe(1)
    } finally {
      await sql.end()
    }
  })

  test("two clients' pipelined statements never take each other's unnamed statement", async () => {
    const a = client({ prepare: false })
    const b = client({ prepare: false })
    try {
      const asks = Array.from({ length: 100 }, (_, i) => [a, b][i % 2]?.unsafe('select $1::int as n', [i]))
      const answers = await Promise.all(asks)
      expect(answers.map((rows) => rows?.[0]?.n)).toEqual(Array.from({ length: 100 }, (_, i) => i))
    } finally {
      await Promise.all([a.end(), b.end()])
    }
  })

  test('a transaction is the client’s alone: an in-process statement waits for it and survives its rollback', async () => {
    const sql = client()
    try {
      let inProcess: Promise<unknown> = Promise.resolve()
      const rolledBack = sql
        .begin(async (tx) => {
          await tx`insert into items values (10, 'in the transaction')`
          inProcess = pg.query("insert into items values (11, 'in process')")
          await Bun.sleep(50)
          // The in-process insert has not run inside this transaction: it waits for its end.
          expect(await tx`select count(*)::int as n from items where id = 11`).toEqual([{ n: 0 }] as never)
          throw new Error('roll back')
        })
        .catch((error: Error) => error.message)
      expect(await rolledBack).toBe('roll back')
      await inProcess
      expect(await count('id = 10')).toBe(0)
      expect(await count('id = 11')).toBe(1)
    } finally {
      await sql.end()
    }
  })

  test('a client that goes inside a transaction is rolled back, and the database is free again', async () => {
    const { socket, seen } = await rawConnection()
    socket.write(simpleQuery("begin; insert into items values (20, 'left open')"))
    expect(await seen('INSERT')).toBe(true)
    socket.destroy()
    // An in-process statement runs once the connection is gone, and the open transaction's row is not there.
    expect(await count('id = 20')).toBe(0)
  })

  test('a transaction left idle longer than the limit is rolled back and its connection closed', async () => {
    const { socket, seen } = await rawConnection()
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(simpleQuery("begin; insert into items values (30, 'idle')"))
    expect(await seen('INSERT')).toBe(true)
    const started = performance.now()
    await closed
    expect(performance.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50)
    expect(await count('id = 30')).toBe(0)
  })

  test('statements sent before a Terminate run, then the connection ends', async () => {
    const { socket } = await rawConnection()
    const closed = new Promise((resolve) => socket.once('close', resolve))
    const terminate = Buffer.from([0x58, 0, 0, 0, 4])
    socket.write(Buffer.concat([simpleQuery("insert into items values (40, 'before X')"), terminate]))
    await closed
    await Bun.sleep(20)
    expect(await count('id = 40')).toBe(1)
  })

  test('bytes that are no protocol message end the connection and harm nobody else', async () => {
    const { socket } = await rawConnection()
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(Buffer.from([0x51, 0xff, 0xff, 0xff, 0xff, 0x00]))
    await closed
    const sql = client()
    try {
      expect(await sql`select 1 as one`).toEqual([{ one: 1 }] as never)
    } finally {
      await sql.end()
    }
  })

  test('a notification a client raises reaches the in-process listeners', async () => {
    const heard: string[] = []
    const unlisten = await pg.listen('items_changed', (payload) => heard.push(payload))
    const sql = client()
    try {
      await sql`select pg_notify('items_changed', 'from the socket')`
      for (let i = 0; i < 50 && heard.length === 0; i++) await Bun.sleep(10)
      expect(heard).toEqual(['from the socket'])
    } finally {
      await sql.end()
      await unlisten()
    }
  })

  test('the socket is its owner’s alone, and goes with the server', async () => {
    const other = makeTempDir('pglite-socket')
    const path = join(other, SOCKET_FILE)
    const second = await servePglite(pg, path)
    expect(statSync(path).mode & 0o777).toBe(0o600)
    await second.close()
    expect(() => statSync(path)).toThrow()
    removeTempDir(other)
  })

  test('a data directory too deep for a Unix socket offers none', () => {
    expect(socketPath('/tmp/short')).toBe('/tmp/short/.s.PGSQL.5432')
    expect(socketPath(`/tmp/${'d'.repeat(120)}`)).toBeNull()
  })

  test('a database opened over the socket leaves no prepared statement behind in the backend it shares', async () => {
    const prepared = async () =>
      (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n
    const before = await prepared()
    const shared = await openDatabase({ url: server.url, migrate: false, poolSize: 2, prepare: false })
    try {
      expect(await shared.queryRows('select $1::int + 1', [1])).toEqual([[2]])
      await shared.db.execute(sql`select 1`)
    } finally {
      await shared.close()
    }
    expect(await prepared()).toBe(before)
  })
})
