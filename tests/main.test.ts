import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, freePorts, ROOT, waitForOk } from './support/processes.ts'
import { makeTempDir, removeTempDir } from './support/temp.ts'

/** Starts `bun src/main.ts` with `env`; resolves with its exit code and output, or kills it after `ms`. */
async function runMain(env: Record<string, string>, ms = 20_000) {
  const child = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), ms)
  const code = await child.exited
  clearTimeout(timer)
  return {
    code,
    stdout: await new Response(child.stdout).text(),
    stderr: await new Response(child.stderr).text(),
  }
}

describe('bun run start', () => {
  test('a bad port or URL gives one line per error and exit 2, no stack trace', async () => {
    const r = await runMain({ API_PORT: 'x', DATABASE_URL: 'mysql://nope' })
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toEqual([
      'config error: DATABASE_URL must be a postgres:// or postgresql:// connection string',
      'config error: API_PORT must be a port number from 0 to 65535',
    ])
  })

  test('an unreachable database gives a one-line error and exit 1', async () => {
    const port = await freePort()
    const r = await runMain({ DATABASE_URL: `postgres://nobody:hunter2@127.0.0.1:${port}/none` })
    expect(r.code).toBe(1)
    const lines = r.stderr.trim().split('\n')
    expect(lines.length).toBe(1)
    expect(lines[0]).toStartWith(
      `error: cannot open the database at postgres://nobody:***@127.0.0.1:${port}/none`,
    )
    expect(r.stderr).not.toContain('hunter2')
  })

  test('a password in the query of DATABASE_URL (libpq style) is hidden in the start error too', async () => {
    const port = await freePort()
    const query = 'sslmode=disable&password=hunter3&sslpassword=s3cret%21'
    const r = await runMain({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none?${query}` })
    expect(r.code).toBe(1)
    expect(r.stderr).toStartWith(
      `error: cannot open the database at postgres://nobody@127.0.0.1:${port}/none?sslmode=disable&password=***&sslpassword=***: `,
    )
    expect(r.stderr).not.toMatch(/hunter3|s3cret/)
  })

  test('a port in use gives a one-line error and exit 1, and frees the embedded database', async () => {
    const taken = Bun.serve({ port: 0, hostname: '0.0.0.0', fetch: () => new Response('') })
    const dir = makeTempDir('port')
    const dataDir = join(dir, 'pglite')
    try {
      const r = await runMain({ DATA_DIR: dataDir, API_PORT: String(taken.port), RESOLVER_PORT: '0' }, 60_000)
      expect(r.code).toBe(1)
      const lines = r.stderr.trim().split('\n')
      expect(lines.length).toBe(1)
      expect(lines[0]).toStartWith(`error: cannot serve the api on port ${taken.port}: `)
      expect(lines[0]).toContain('in use')
      expect(existsSync(join(dataDir, '.service.lock'))).toBe(false)
    } finally {
      taken.stop(true)
      removeTempDir(dir)
    }
  }, 90_000)

  test('starts on an empty embedded database with demo data, serves both ports, and stops cleanly on SIGTERM', async () => {
    const [apiPort, resolverPort] = (await freePorts(2)) as [number, number]
    const dir = makeTempDir('start')
    const env = {
      DATA_DIR: join(dir, 'pglite'),
      API_PORT: String(apiPort),
      RESOLVER_PORT: String(resolverPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      RESOLVER_URL: `http://localhost:${resolverPort}`,
      SHORT_URL: `http://127.0.0.1:${resolverPort}`,
    }
    const child = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      await waitForOk(`http://127.0.0.1:${apiPort}/readyz`, 60_000)
      expect((await fetch(`http://127.0.0.1:${resolverPort}/healthz`)).status).toBe(200)
      const scan = await fetch(`http://localhost:${resolverPort}/01/4012345000009`, { redirect: 'manual' })
      expect(scan.status).toBe(307)
      expect(scan.headers.get('location')).toBe('/en/northwind/green-tea/about')
    } finally {
      child.kill('SIGTERM')
      await child.exited
      removeTempDir(dir)
    }
    expect(await child.exited).toBe(0)
    const out = await new Response(child.stdout).text()
    expect(out).toContain('client secret: ')
    expect(out).toContain(`curl -si http://localhost:${resolverPort}/01/04012345000009/10/LOT42`)
    const logLines = out.split('\n').filter((l) => l.startsWith('{'))
    const requests = logLines.map((l) => JSON.parse(l)).filter((l) => l.event === 'request')
    expect(requests.some((l) => l.path === '/01/4012345000009' && l.status === 307)).toBe(true)
  }, 120_000)
})
