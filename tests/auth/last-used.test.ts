import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createLastUsedRecorder } from '../../src/auth/last-used.ts'
import { apiClients } from '../../src/db/schema.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { authHarness, obtainToken, probe, seedClient, useAuthDatabase } from './helpers.ts'

const database = useAuthDatabase()

async function lastUsed(clientId: string): Promise<number | null> {
  const [row] = await database()
    .db.select({ at: apiClients.lastUsedAt })
    .from(apiClients)
    .where(eq(apiClients.id, clientId))
  return row?.at?.getTime() ?? null
}

describe('last-used time', () => {
  test('token requests and guarded requests write nothing until the batch is flushed', async () => {
    const h = await authHarness(database())
    try {
      const client = await seedClient(database(), 'acme')
      const token = await obtainToken(h.app, client)
      h.clock.advance(60_000)
      for (let i = 0; i < 5; i++) await h.app.handle(probe('/probe/codes', `Bearer ${token}`))
      expect(await lastUsed(client.clientId)).toBeNull()
      await h.auth.flushLastUsed()
      expect(await lastUsed(client.clientId)).toBe(h.clock())
    } finally {
      await h.auth.close()
    }
  })

  test('a batch never moves a time backwards, and close() flushes what is pending', async () => {
    const h = await authHarness(database())
    const client = await seedClient(database(), 'acme')
    const token = await obtainToken(h.app, client)
    await h.auth.flushLastUsed()
    const first = await lastUsed(client.clientId)
    const other = await authHarness(database())
    other.clock.advance(-3_600_000)
    await other.app.handle(probe('/probe/codes', `Bearer ${token}`))
    await other.auth.close()
    expect(await lastUsed(client.clientId)).toBe(first)
    h.clock.advance(1000)
    await h.app.handle(probe('/probe/codes', `Bearer ${token}`))
    await h.auth.close()
    expect(await lastUsed(client.clientId)).toBe(h.clock())
  })

  test('a failed write is logged and retried with the next batch', async () => {
    const logger = memoryLogger()
    const written: [string, number][][] = []
    let fail = true
    const recorder = createLastUsedRecorder(async (entries) => {
      if (fail) throw new Error('down')
      written.push([...entries])
    }, logger)
    recorder.mark('svc_client_a', 1000)
    await recorder.flush()
    expect(logger.lines.join()).toContain('auth.last_used.flush_failed')
    recorder.mark('svc_client_a', 500)
    recorder.mark('svc_client_b', 2000)
    fail = false
    await recorder.flush()
    expect(written).toEqual([
      [
        ['svc_client_a', 1000],
        ['svc_client_b', 2000],
      ],
    ])
    await recorder.flush()
    expect(written).toHaveLength(1)
  })
})
