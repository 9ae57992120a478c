/** `codes generate` over 100,000 JSONL definitions (read, validate, write results) beside the GS1 core in-process. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCodesCommand } from '../src/cli/codes.ts'
import type { CliContext } from '../src/cli/context.ts'
import { generateCode } from '../src/gs1/index.ts'
import { bestOf, GTIN } from './codes-setup.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const ITEMS = 100_000

const lines = Array.from({ length: ITEMS }, (_, i) =>
  JSON.stringify({
    reference: `r${i}`,
    mode: i % 2 === 0 ? 'GS1_DATAMATRIX' : 'QR_GS1_DIGITAL_LINK_URI',
    primaryKey: { key: '01', value: GTIN },
    ais: [
      { key: '10', value: `L${i % 97}` },
      { key: '21', value: String(i) },
    ],
    ...(i % 2 === 0 ? {} : { digitalLinkStem: 'https://id.example.com' }),
  }),
)
const dir = mkdtempSync(join(tmpdir(), 'bench-codes-'))
const input = join(dir, 'in.jsonl')
const out = join(dir, 'out.jsonl')
writeFileSync(input, lines.join('\n'))
const silent = { update() {}, clear() {} }
const ctx: CliContext = {
  io: { out: () => {}, err: () => {} },
  config: {} as CliContext['config'],
  clock: Date.now,
  withDatabase: () => Promise.reject(new Error('not used')),
}

async function cli() {
  if ((await runCodesCommand(['generate', '--in', input, '--out', out], ctx, silent)) !== 0) {
    throw new Error('codes generate failed')
  }
}

/** The reference: the same definitions, already parsed, through the core with nothing read or written. */
const parsed = lines.map((l) => JSON.parse(l) as unknown)
function core() {
  for (const d of parsed) if (!generateCode(d, { requireMode: true }).ok) throw new Error('invalid')
}

const best = await bestOf(ROUNDS, { cli, core })
const results = readFileSync(out, 'utf8').split('\n').length
rmSync(dir, { recursive: true, force: true })
if (results !== ITEMS + 1) throw new Error(`expected ${ITEMS} result lines, got ${results - 1}`)

const s = (ms: number | undefined) => `${((ms ?? 0) / 1000).toFixed(2)} s`.padStart(8)
console.log(`codes generate, ${ITEMS} JSONL definitions without SVG, best of ${ROUNDS} (Bun ${Bun.version})`)
console.log(`  GS1 core in-process, parsed definitions   ${s(best.core)}   1.00x`)
console.log(
  `  bun run cli codes generate --out FILE      ${s(best.cli)}   ${((best.cli ?? 0) / (best.core ?? 1)).toFixed(2)}x`,
)
