/**
 * Enter in the editor's languages field: the browser sends the form with its first submit button (the save), and the
 * form comes back with the fields of the new languages instead of a refusal of their empty names.
 */
import { describe, expect, test } from 'bun:test'
import { getProduct } from '../../src/services/catalog/products.ts'
import { formFields } from './editor-form.ts'
import { type Browser, importProducts, OAT_DRINK, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = OAT_DRINK.gtin

/** The name and value of the form's first submit button: what a browser sends for Enter in one of its fields. */
function implicitSubmitter(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`<form method="post" action="${action}"`)
  const form = page.slice(start, page.indexOf('</form>', start))
  const button = /<button type="submit" name="([^"]+)" value="([^"]*)"/.exec(form)
  if (button === null) throw new Error(`no named submit button in the form posting to ${action}`)
  return { [button[1] as string]: button[2] as string }
}

/** Types `changes` into the editor at `path` (posting to `action`), then presses Enter. */
async function pressEnter(b: Browser, path: string, action: string, changes: Record<string, string>) {
  const page = await (await b.get(path)).text()
  return b.post(action, { ...formFields(page, action), ...changes, ...implicitSubmitter(page, action) })
}

async function editor(): Promise<Browser> {
  await importProducts(h.database, [OAT_DRINK])
  return signedIn(h, 'editor')
}

describe('Enter in the languages field', () => {
  test("a new product's form comes back with the new languages' fields; nothing is created", async () => {
    const b = await editor()
    const changes = { gtin: '9506000134369', slug: 'oat-bar', languages: 'en, de', 'name.en': 'Oat bar' }
    const answer = await pressEnter(b, '/orgs/acme/products/new', '/orgs/acme/products', changes)
    expect(answer.status).toBe(200)
    const body = await answer.text()
    expect(textOf(body)).not.toContain('Fill in at least one language')
    expect(body).toContain('name="name.de"')
    expect(body).toContain('name="page.0.title.de"')
    expect(body).toMatch(/name="name\.en"[^>]*value="Oat bar"|value="Oat bar"[^>]*name="name\.en"/)
    expect(await getProduct(h.database.db, h.orgIds.acme ?? '', '09506000134369')).toBeNull()
  })

  test("a product's form comes back with the new language's fields; once they are there, Enter saves", async () => {
    const b = await editor()
    const path = `/orgs/acme/products/${GTIN}`
    const answer = await pressEnter(b, path, path, { languages: 'en, fr' })
    expect(answer.status).toBe(200)
    const page = await answer.text()
    expect(page).toContain('name="name.fr"')
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.languages).toEqual(['en'])
    const fields = { ...formFields(page, path), 'name.fr': 'Boisson à l’avoine', 'page.0.title.fr': 'Infos' }
    const saved = await b.post(path, { ...fields, ...implicitSubmitter(page, path) })
    expect(saved.status).toBe(303)
    const stored = (await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product
    expect(stored?.languages).toEqual(['en', 'fr'])
    expect(stored?.names.fr).toBe('Boisson à l’avoine')
  })

  test("an item's form alike", async () => {
    const b = await editor()
    const changes = { value: '9506000000008', slug: 'depot', languages: 'en, de', 'name.en': 'Depot' }
    const answer = await pressEnter(b, '/orgs/acme/items/new', '/orgs/acme/items', changes)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('name="name.de"')
  })
})
