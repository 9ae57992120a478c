/**
 * Shared set-up of the code benchmarks: the API app with auth and code routes on a loopback server, and a token;
 * timing helpers; a definition's symbol and the bwip-js options that draw it as the service does.
 */
import { createApp } from '../src/api/app.ts'
import { authFeature } from '../src/api/auth/index.ts'
import { codesFeature } from '../src/api/codes/index.ts'
import { generateCode, type Mode } from '../src/gs1/index.ts'
import { type SymbolSpec, symbolFor } from '../src/render/index.ts'
import { clientToken, openBenchAuth } from './api-setup.ts'

export const GTIN = '09506000134352'

/** Starts the app on 127.0.0.1 (a free port) over {@link openBenchAuth}'s database; `close()` stops all. */
export async function openBenchApi() {
  const { deps, client, auth, close } = await openBenchAuth()
  const app = createApp(deps, [authFeature({ ...deps, auth }), codesFeature({ auth })])
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) })
  const base = `http://127.0.0.1:${server.port}`
  const token = await clientToken((request) => fetch(request), base, client)
  return {
    app,
    base,
    token,
    async close() {
      server.stop(true)
      await close()
    },
  }
}

/** Runs the cases round-robin `rounds` times and keeps each one's best time: noise on a shared machine then
 * slows every case alike, and ratios stay fair. */
export async function bestOf(rounds: number, cases: Record<string, () => Promise<unknown> | unknown>) {
  const best: Record<string, number> = Object.fromEntries(
    Object.keys(cases).map((k) => [k, Number.POSITIVE_INFINITY]),
  )
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      const start = performance.now()
      await fn()
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, performance.now() - start)
    }
  }
  return best
}

/**
 * Times `bare` and `ours` over the same items in alternating blocks of `block` (each item awaited), so that load from
 * elsewhere hits both alike and each side runs warm; returns both totals in ms.
 */
export async function alternate<T>(
  items: readonly T[],
  block: number,
  bare: (item: T) => unknown,
  ours: (item: T) => Promise<unknown>,
) {
  const total = { bare: 0, ours: 0 }
  for (let from = 0; from < items.length; from += block) {
    const slice = items.slice(from, from + block)
    total.bare += await timed(async () => {
      for (const item of slice) await bare(item)
    })
    total.ours += await timed(async () => {
      for (const item of slice) await ours(item)
    })
  }
  return total
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

/** The symbol the service draws for a code definition, and its human-readable text; throws if it is invalid. */
export function symbolOf(def: Record<string, unknown>): { symbol: SymbolSpec; hri: string } {
  const r = generateCode(def, { requireMode: true, render: true })
  if (!r.ok) throw new Error('invalid')
  return { symbol: symbolFor(r.result, def.mode as Mode, r.result.errorCorrectionLevel), hri: r.result.hri }
}

/** bwip-js options of the symbol as the service draws it (encoder, data, level, quiet zone), `scale` px a module. */
export function bwipOptions(symbol: SymbolSpec, scale: number) {
  return {
    bcid: symbol.encoder,
    text: symbol.text,
    scale,
    padding: symbol.quietZone * 2,
    backgroundcolor: 'FFFFFF',
    ...(symbol.fnc1 ? { parsefnc: true } : {}),
    ...(symbol.eclevel === null ? {} : { eclevel: symbol.eclevel, fixedeclevel: true }),
  }
}
