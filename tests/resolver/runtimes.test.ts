/** The same handler on Bun, Deno and Node (srvx): one redirect and one linkset over a real socket each (STACK-NOTES §B.6). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Subprocess } from 'bun'
import { denoBinary } from '../support/deno.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const ROOT = join(import.meta.dir, '..', '..')
const DENO = denoBinary() ?? join(ROOT, 'node_modules', '.bin', 'deno')
const NODE = Bun.which('node')
const START_TIMEOUT_MS = 20_000
/** No port in the configured origin: it matches 127.0.0.1 on whatever port the OS gives (DESIGN §3). */
const RESOLVER_URL = 'http://127.0.0.1'

const dir = makeTempDir('resolver-runtimes')
/** The demo catalog, in the import format, holds the product scanned here (04012345000009, northwind/green-tea). */
const catalogFile = join(ROOT, 'src', 'catalog', 'demo-catalog.json')
const nodeBundle = join(dir, 'serve-node.mjs')
const children: Subprocess[] = []

/** Reads the child's stdout until it prints its port. */
async function waitForPort(child: Subprocess<'ignore', 'pipe', 'pipe'>): Promise<number> {
  const reader = child.stdout.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  const timer = setTimeout(() => child.kill(), START_TIMEOUT_MS)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done)
        throw new Error(`server exited before listening: ${seen}${await new Response(child.stderr).text()}`)
      seen += decoder.decode(value)
      const match = /listening on port (\d+)/.exec(seen)
      if (match) return Number(match[1])
    }
  } finally {
    clearTimeout(timer)
    reader.releaseLock()
  }
}

async function start(cmd: string[]): Promise<number> {
  const child = Bun.spawn(cmd, {
    cwd: ROOT,
    env: {
      ...process.env,
      RESOLVER_PORT: '0',
      RESOLVER_URL,
      SHORT_URL: 'http://short.test',
      CATALOG_FILE: catalogFile,
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  children.push(child)
  return waitForPort(child)
}

beforeAll(async () => {
  const build = Bun.spawnSync(
    [process.execPath, 'build', 'src/resolver/serve-node.ts', '--target', 'node', '--outfile', nodeBundle],
    {
      cwd: ROOT,
    },
  )
  if (build.exitCode !== 0) throw new Error(build.stderr.toString())
})

/** SIGTERM, then SIGKILL for a server still draining keep-alive connections after a grace period. */
async function stop(child: Subprocess): Promise<void> {
  child.kill()
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await child.exited
  clearTimeout(timer)
}

afterAll(async () => {
  await Promise.all(children.map(stop))
  removeTempDir(dir)
})

const runtimes: [string, () => string[], boolean][] = [
  ['Bun', () => [process.execPath, 'src/resolver/serve.ts'], true],
  [
    'Deno',
    () => [
      DENO,
      'run',
      '--no-lock',
      '--quiet',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      'src/resolver/serve-deno.ts',
    ],
    existsSync(DENO),
  ],
  ['Node (srvx)', () => [NODE ?? 'node', nodeBundle], NODE !== null],
]

for (const [name, command, available] of runtimes) {
  describe.skipIf(!available)(`standalone resolver on ${name}`, () => {
    test('answers one redirect and one linkset', async () => {
      const port = await start(command())
      const base = `http://127.0.0.1:${port}/01/04012345000009`
      const redirect = await fetch(`${base}/10/L1?x=1`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      })
      expect(redirect.status).toBe(307)
      expect(redirect.headers.get('location')).toBe('/en/northwind/green-tea/about?x=1&10=L1')
      expect(redirect.headers.get('access-control-allow-origin')).toBe('*')
      const linkset = await fetch(base, {
        headers: { accept: 'application/linkset+json' },
        signal: AbortSignal.timeout(5000),
      })
      expect(linkset.status).toBe(200)
      expect(linkset.headers.get('content-type')).toBe('application/linkset+json')
      const text = await linkset.text()
      const body = JSON.parse(text) as { linkset: { anchor: string }[] }
      expect(body.linkset[0]?.anchor).toBe(`${RESOLVER_URL}/01/04012345000009`)
      // HEAD over the wire: the GET's Content-Length, not 0 (RFC 9110 §8.6), and no body.
      const head = await fetch(base, {
        method: 'HEAD',
        headers: { accept: 'application/linkset+json' },
        signal: AbortSignal.timeout(5000),
      })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(text).byteLength))
      expect(await head.text()).toBe('')
    }, 30_000)
  })
}
