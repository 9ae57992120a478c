import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { verifySecret } from '../../../src/auth/secrets.ts'
import { apiClients, memberships, organizations, users } from '../../../src/db/schema.ts'
import { type DemoSeed, isEmpty, seedDemo } from '../../../src/services/catalog/seed.ts'
import { findPasswordToken } from '../../../src/services/people/users.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()
/** What the first successful seed showed. */
let firstSeed: DemoSeed | null = null

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
    firstSeed = seed
    expect(shown).toEqual([seed])
    if (seed.client === null) throw new Error('no demo client')
    const [row] = await database()
      .db.select({ hash: apiClients.secretHash })
      .from(apiClients)
      .where(eq(apiClients.id, seed.client.clientId))
    expect(await verifySecret(seed.client.clientSecret, row?.hash ?? '')).toBe(true)
  })

  test('the first seed makes the demo owner of the demo organization, with a set-password link that works', async () => {
    const [seeded] = await database()
      .db.select({ email: users.email, role: memberships.role, org: organizations.slug })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    expect(seeded).toEqual({ email: 'owner@dalgiardino.example', role: 'owner', org: 'dalgiardino' })
    const link = await findPasswordToken(database().db, firstSeed?.owner?.setPasswordToken ?? '', Date.now())
    expect(link?.user.email).toBe('owner@dalgiardino.example')
  })

  test('a second seed creates no second client or owner and shows none', async () => {
    const shown: DemoSeed[] = []
    const seed = await seedDemo(database(), Date.now, (s) => shown.push(s))
    expect(seed.client).toBeNull()
    expect(seed.owner).toBeNull()
    expect(shown).toEqual([seed])
    expect(await database().db.select().from(organizations)).not.toEqual([])
    expect(await database().db.select().from(apiClients)).toHaveLength(1)
    expect(await database().db.select().from(users)).toHaveLength(1)
  })
})
