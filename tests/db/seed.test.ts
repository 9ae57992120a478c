import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { verifySecret } from '../../src/auth/secrets.ts'
import { apiClients, organizations } from '../../src/db/schema.ts'
import { type DemoSeed, isEmpty, seedDemo } from '../../src/db/seed.ts'
import { useTestDatabase } from '../support/db.ts'

const database = useTestDatabase()

describe('seedDemo', () => {
  test('the secret is shown before the commit: when showing fails nothing is written, and the next seed shows one that works', async () => {
    const failing = seedDemo(database(), Date.now, () => {
      throw new Error('stdout is gone')
    })
    await expect(failing).rejects.toThrow('stdout is gone')
    expect(await isEmpty(database())).toBe(true)
    expect(await database().db.select().from(apiClients)).toEqual([])

    const shown: DemoSeed[] = []
    const seed = await seedDemo(database(), Date.now, (s) => shown.push(s))
    expect(shown).toEqual([seed])
    if (seed.client === null) throw new Error('no demo client')
    const [row] = await database()
      .db.select({ hash: apiClients.secretHash })
      .from(apiClients)
      .where(eq(apiClients.id, seed.client.clientId))
    expect(await verifySecret(seed.client.clientSecret, row?.hash ?? '')).toBe(true)
  })

  test('a second seed creates no second client and shows none', async () => {
    const shown: DemoSeed[] = []
    const seed = await seedDemo(database(), Date.now, (s) => shown.push(s))
    expect(seed.client).toBeNull()
    expect(shown).toEqual([seed])
    expect(await database().db.select().from(organizations)).not.toEqual([])
    expect(await database().db.select().from(apiClients)).toHaveLength(1)
  })
})
