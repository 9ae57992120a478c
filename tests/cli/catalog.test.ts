import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCatalogCommand } from '../../src/cli/catalog.ts'
import type { Database } from '../../src/db/database.ts'
import { exportCatalog } from '../../src/services/catalog/export.ts'
import { generatedCatalog, productOf, smallCatalog } from '../catalog/fixtures.ts'
import { runCommand } from '../support/cli.ts'
import { useTestDatabase } from '../support/db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const database = useTestDatabase()
const dir = makeTempDir('catalog-cli')
afterAll(() => removeTempDir(dir))
const run = (...args: string[]) => runCommand(runCatalogCommand, database(), args)

function file(name: string, content: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

describe('catalog commands', () => {
  test('import reports every error with its path and writes nothing', async () => {
    const bad = smallCatalog({ defaultLanguage: 'it' })
    productOf(bad).gtin = '09506000134353'
    const r = await run('import', file('bad.json', bad))
    expect(r.code).toBe(1)
    expect(r.err).toEqual([
      `error: ${join(dir, 'bad.json')} has 3 error(s); nothing was imported`,
      '  Catalog.CheckDigit at products[0].gtin: GTIN 09506000134353 has a wrong check digit: it ends in 3, expected 2',
      "  Catalog.Language at products[0].defaultLanguage: default language 'it' must be one of the product's languages",
      "  Catalog.DefaultPage at products[0].pages[0].titles: the default page must have a title in the default language 'it'",
    ])
    expect((await run('export', '--org', 'acme')).code).toBe(1)
  })

  test('import refuses a file that is not JSON or cannot be read', async () => {
    const r = await run('import', file('broken.json', '{"products": ['))
    expect(r.code).toBe(1)
    expect(r.err[0]).toStartWith(
      `error: ${join(dir, 'broken.json')} is not valid JSON at line 1, column 15 (`,
    )
    const missing = join(dir, 'missing.json')
    expect((await run('import', missing)).err).toEqual([
      `error: cannot read ${missing}: ENOENT: no such file or directory, open '${missing}'`,
    ])
  })

  test('import prints a summary, and a second import reports 0 changes', async () => {
    const path = file('good.json', smallCatalog())
    const first = await run('import', path)
    expect(first.err).toEqual([
      '2 warning(s):',
      ...['en', 'fr'].map(
        (lang) =>
          `  Catalog.NoText at products[0].pages[0].content.${lang}: the page has a title in '${lang}' but no text: visitors would see only a notice`,
      ),
    ])
    expect(first.out).toEqual([
      [
        'imported: 3 change(s)',
        '  organizations: 1 created, 0 updated, 0 unchanged',
        '  brands: 1 created, 0 updated, 0 unchanged',
        '  products: 1 created, 0 updated, 0 unchanged',
        '  items: 0 created, 0 updated, 0 unchanged',
        '  rules: 0 created, 0 updated, 0 unchanged',
      ].join('\n'),
    ])
    const again = await run('import', path, '--json')
    expect(JSON.parse(again.out[0] ?? '{}').changes).toBe(0)
  })

  test('import reads a file that starts with a byte-order mark', async () => {
    const r = await run('import', file('bom.json', `\uFEFF${JSON.stringify(smallCatalog())}`))
    // The small catalog's default page has no text: warned on stderr, imported all the same.
    expect([r.code, r.err[0], r.out[0]?.split('\n')[0]]).toEqual([
      0,
      '2 warning(s):',
      'imported: 0 change(s)',
    ])
  })

  test('export writes the catalog to a file that imports back with 0 changes', async () => {
    const out = join(dir, 'export.json')
    expect((await run('export', '--org', 'acme', '--out', out)).code).toBe(0)
    const exported = JSON.parse(readFileSync(out, 'utf8'))
    expect(exported.products[0].gtin).toBe('09506000134352')
    expect(JSON.parse((await run('import', out, '--json')).out[0] ?? '{}').changes).toBe(0)
  })

  test('export writes, a batch of products at a time, the bytes of the whole file: to a file, or line by line', async () => {
    expect((await run('import', file('many.json', generatedCatalog(1234)))).code).toBe(0)
    const whole = `${JSON.stringify(await exportCatalog(database().db, 'acme'), null, 2)}\n`
    const out = join(dir, 'many-export.json')
    expect(await run('export', '--org', 'acme', '--out', out)).toEqual({
      code: 0,
      out: [`wrote the catalog of 'acme' to ${out}`],
      err: [],
    })
    expect(readFileSync(out, 'utf8')).toBe(whole)
    const printed = await run('export', '--org', 'acme')
    expect(printed.code).toBe(0)
    // `out` ends every line it is given; the parts are cut at line ends.
    expect(`${printed.out.join('\n')}\n`).toBe(whole)
    expect(printed.out.length).toBeGreaterThan(1)
  }, 30_000)

  test('an export that fails midway leaves no file, not even a partial one', async () => {
    const out = join(dir, 'cut-short.json')
    const broken = failingBatches(database())
    await expect(
      runCommand(runCatalogCommand, broken, ['export', '--org', 'acme', '--out', out]),
    ).rejects.toThrow('connection lost')
    expect(readdirSync(dir).filter((name) => name.includes('cut-short'))).toEqual([])
  })

  test('export of an unknown organization is refused', async () => {
    expect(await run('export', '--org', 'nobody')).toEqual({
      code: 1,
      out: [],
      err: ["error: organization 'nobody' does not exist"],
    })
  })

  test('usage errors: no file, no --org', async () => {
    await expect(run('import')).rejects.toThrow('usage: catalog import FILE.json')
    await expect(run('export')).rejects.toThrow('missing --org')
  })
})

/** The database whose reads of product batches (each a transaction) fail, as when the connection is lost. */
function failingBatches(database: Database): Database {
  const db = new Proxy(database.db, {
    get: (target, name, receiver) =>
      name === 'transaction'
        ? () => Promise.reject(new Error('connection lost'))
        : Reflect.get(target, name, receiver),
  })
  return { ...database, db }
}
