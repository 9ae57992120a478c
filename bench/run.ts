/** `bun run bench`: runs every benchmark under bench/ one after another (or the ones named on the command line). */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const here = import.meta.dir
const requested = process.argv.slice(2)
const all = readdirSync(here)
  .filter(
    (f) =>
      f.endsWith('.ts') &&
      f !== 'run.ts' &&
      !f.endsWith('-setup.ts') &&
      !f.endsWith('-server.ts') &&
      !f.startsWith('_'),
  )
  .sort()
const chosen = requested.length === 0 ? all : all.filter((f) => requested.some((r) => f.includes(r)))
let failed = 0
for (const file of chosen) {
  console.log(`\n=== ${file}`)
  const child = Bun.spawn([process.execPath, join(here, file)], { stdout: 'inherit', stderr: 'inherit' })
  if ((await child.exited) !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
