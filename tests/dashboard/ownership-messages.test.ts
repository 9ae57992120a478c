/** What the editor says when a GTIN, an item's value or a rule's prefix is another organization's: once, with a way on. */
import { describe, expect, test } from 'bun:test'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { linkedEntry, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
/** Globex's: a product's GTIN and an item's GLN. */
const GTIN = '09506000134383'
const GLN = '9506000000008'

/** Gives Globex Tools the product and the item, then signs Acme's editor in. */
async function acmeEditor() {
  const globex = { brand: 'globex-tools' }
  const imported = await importCatalog(h.database.db, {
    products: [linkedEntry({ gtin: GTIN, ...globex }, 'drill', 'https://tools.example/drill')],
    items: [linkedEntry({ key: '414', value: GLN, ...globex }, 'depot', 'https://tools.example/depot')],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  return signedIn(h, 'editor')
}

/** The editor's fields of a new entry of Acme Oats named `slug`, with one page. */
function newEntry(slug: string, identity: Record<string, string>): Record<string, string> {
  return {
    ...identity,
    brand: 'acme-oats',
    slug,
    published: 'on',
    languages: 'en',
    defaultLanguage: 'en',
    'name.en': slug,
    'page.0.name': 'info',
    'page.0.linkType': 'gs1:pip',
    'page.0.title.en': 'Info',
    default: '0',
    action: 'save',
  }
}

describe("another organization's entry in the editor", () => {
  test('a GTIN is said to be another organization’s once, with what to do next', async () => {
    const editor = await acmeEditor()
    const refused = await editor.post('/orgs/acme/products', newEntry('drill', { gtin: GTIN }))
    expect(refused.status).toBe(409)
    const text = textOf(await refused.text())
    expect(text).toContain(
      'GTIN: This GTIN belongs to another organization: check the number, or ask the operator if it should be yours.',
    )
    expect(text).not.toContain(`GTIN ${GTIN} belongs`)
  })

  test('an item’s value is said the same way', async () => {
    const editor = await acmeEditor()
    const refused = await editor.post('/orgs/acme/items', newEntry('depot', { key: '414', value: GLN }))
    expect(refused.status).toBe(409)
    const text = textOf(await refused.text())
    expect(text).toContain(
      'This value belongs to another organization: check it, or ask the operator if it should be yours.',
    )
    expect(text).not.toContain(`${GLN} belongs`)
  })
})
