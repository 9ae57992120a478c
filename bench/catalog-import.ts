/** Catalog import of 10,000 products on embedded PGlite (and Postgres when DATABASE_URL is set): first import, re-import, one change. */

import { openDatabase } from '../src/db/database.ts'
import { importCatalog } from '../src/services/catalog/import.ts'
import { generatedCatalog } from '../tests/catalog/fixtures.ts'

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 10_000)

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now()
  const result = await fn()
  console.log(`${label.padEnd(34)} ${((performance.now() - start) / 1000).toFixed(2)} s`)
  return result
}

const target = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true as const }
const database = await timed(`open + migrate (${'url' in target ? 'Postgres' : 'PGlite'})`, () =>
  openDatabase(target),
)
const file = generatedCatalog(COUNT)
const first = await timed(`import ${COUNT} products (new)`, () => importCatalog(database.db, file))
const again = await timed(`re-import (0 changes)`, () => importCatalog(database.db, file))
const changed = generatedCatalog(COUNT, 'Product details')
const third = await timed(`import with every title changed`, () => importCatalog(database.db, changed))
for (const [name, r] of [
  ['first', first],
  ['again', again],
  ['changed', third],
] as const) {
  console.log(`${name}: ${r.ok ? JSON.stringify(r.report.products) : 'errors'}`)
}
await database.close()
