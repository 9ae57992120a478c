/** The GS1 Company Prefixes code generation reads for the client's organization: its own, in order, and no other's. */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { organizations } from '../../../src/db/schema.ts'
import { addCompanyPrefix } from '../../../src/services/catalog/company-prefixes.ts'
import { companyPrefixReader } from '../../../src/services/codes/company-prefixes.ts'
import { createOrganization } from '../../../src/services/people/organizations.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()

async function idOf(slug: string): Promise<string> {
  const [row] = await database()
    .db.select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
  if (row === undefined) throw new Error(`no organization ${slug}`)
  return row.id
}

describe('companyPrefixReader', () => {
  test('reads the organization’s prefixes in order, none of another’s; none for one that recorded none', async () => {
    const { db } = database()
    for (const slug of ['acme', 'other', 'plain']) {
      await createOrganization(db, { slug, name: slug, plan: 'starter', subscriptionStatus: 'active' })
    }
    for (const [slug, prefix] of [
      ['acme', '9506001'],
      ['acme', '9506000'],
      ['other', '9521141'],
    ] as const) {
      expect(await addCompanyPrefix(db, slug, prefix)).toMatchObject({ ok: true })
    }
    const read = companyPrefixReader(db)
    expect(await read(await idOf('acme'))).toEqual(['9506000', '9506001'])
    expect(await read(await idOf('other'))).toEqual(['9521141'])
    expect(await read(await idOf('plain'))).toEqual([])
    expect(await read('00000000-0000-4000-8000-000000000000')).toEqual([])
  })
})
