import { describe, expect, test } from 'bun:test'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../src/db/database.ts'
import { TEST_DATABASE_URL } from './support/db.ts'
import { freePort, freePorts, ROOT, waitForOk } from './support/processes.ts'
import { createScratchDatabase, postgresClient } from './support/scratch-db.ts'
import { makeTempDir } from './support/temp.ts'

const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' }

/** Starts `bun src/main.ts` with `env`; resolves with its exit code and output, or kills it after `ms`. */
async function runMain(env: Record<string, string>, ms = 20_000) {
  const child = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: { ...BASE_ENV, ...env },
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

/** Three free ports as the service's environment. */
async function portEnv() {
  const [api, resolver, dashboard] = (await freePorts(3)) as [number, number, number]
  const env = { API_PORT: String(api), RESOLVER_PORT: String(resolver), DASHBOARD_PORT: String(dashboard) }
  return { api, resolver, dashboard, env }
}

/** The JSON log lines of an output, without the request log. */
function eventsOf(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .filter((l) => l.event !== 'request')
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

  test('one half of the service (SERVE) on the embedded database is a config error', async () => {
    const r = await runMain({
      SERVE: 'resolver',
      DATA_DIR: join(makeTempDir('serve'), 'db'),
    })
    expect(r.code).toBe(2)
    expect(r.stderr.trim()).toBe(
      'config error: SERVE=resolver needs DATABASE_URL: the embedded database lives in one process, which must serve everything (SERVE=all)',
    )
  })

  test('an unreachable database gives a one-line error and exit 1', async () => {
    const port = await freePort()
    const r = await runMain({
      DATABASE_URL: `postgres://nobody:hunter2@127.0.0.1:${port}/none`,
      ...(await portEnv()).env,
    })
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
    const r = await runMain({
      DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none?${query}`,
      ...(await portEnv()).env,
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toStartWith(
      `error: cannot open the database at postgres://nobody@127.0.0.1:${port}/none?sslmode=disable&password=***&sslpassword=***: `,
    )
    expect(r.stderr).not.toMatch(/hunter3|s3cret/)
  })

  test('a port in use is one line and exit 1 before any database work; the next start shows a demo secret that works, serves every port, stops on SIGTERM', async () => {
    const dataDir = join(makeTempDir('start'), 'pglite')
    const ports = await portEnv()
    for (const [name, surface] of [
      ['API_PORT', 'api'],
      ['RESOLVER_PORT', 'resolver'],
      ['DASHBOARD_PORT', 'dashboard'],
    ] as const) {
      const taken = Bun.serve({ port: 0, hostname: '0.0.0.0', fetch: () => new Response('') })
      try {
        const r = await runMain({ DATA_DIR: dataDir, ...ports.env, [name]: String(taken.port) })
        expect(r.code).toBe(1)
        const lines = r.stderr.trim().split('\n')
        expect(lines.length).toBe(1)
        expect(lines[0]).toStartWith(`error: cannot serve the ${surface} on port ${taken.port}: `)
        expect(lines[0]).toContain('in use')
        expect(r.stdout).toBe('')
        // Not even the directory: the database was never opened.
        expect(existsSync(dataDir)).toBe(false)
      } finally {
        taken.stop(true)
      }
    }
    const env = {
      DATA_DIR: dataDir,
      ...ports.env,
      API_URL: `http://127.0.0.1:${ports.api}`,
      RESOLVER_URL: `http://localhost:${ports.resolver}`,
      SHORT_URL: `http://127.0.0.1:${ports.resolver}`,
      DASHBOARD_URL: `http://127.0.0.1:${ports.dashboard}`,
    }
    const child = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: ROOT,
      env: { ...BASE_ENV, ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const stdout = new Response(child.stdout).text()
    let tokenStatus = 0
    try {
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, 60_000)
      expect((await fetch(`http://127.0.0.1:${ports.resolver}/healthz`)).status).toBe(200)
      const scan = await fetch(`http://localhost:${ports.resolver}/01/4012345000009`, { redirect: 'manual' })
      expect(scan.status).toBe(307)
      expect(scan.headers.get('location')).toBe('/en/northwind/green-tea/about')
      const signIn = await fetch(`http://127.0.0.1:${ports.dashboard}/sign-in`)
      expect(signIn.status).toBe(200)
      expect(signIn.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(signIn.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(await signIn.text()).toContain('Sign in')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await child.exited).toBe(0)
    const out = await stdout
    const secret = /client id: {5}(\S+)\n {2}client secret: (\S+)/.exec(out)
    expect(secret).not.toBeNull()
    expect(out).toContain(`curl -si http://localhost:${ports.resolver}/01/04012345000009/10/LOT42`)
    expect(out).toContain(`  dashboard  http://127.0.0.1:${ports.dashboard}   on port ${ports.dashboard}`)
    const requests = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.event === 'request')
    expect(requests.some((l) => l.path === '/01/4012345000009' && l.status === 307)).toBe(true)
    // The secret authenticates: a restart on the same directory issues a token with it.
    const again = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: ROOT,
      env: { ...BASE_ENV, ...env },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    try {
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, 60_000)
      const [, id, key] = secret as RegExpExecArray
      const token = await fetch(`http://127.0.0.1:${ports.api}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${id}:${key}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      })
      tokenStatus = token.status
    } finally {
      again.kill('SIGTERM')
      await again.exited
    }
    expect(tokenStatus).toBe(200)
  }, 180_000)
})

describe('bun run start on the embedded database', () => {
  test('a SIGTERM to the process group (bun run forwards it: twice) exits 0 once, after writing the scans counted', async () => {
    const dataDir = join(makeTempDir('sigterm'), 'pglite')
    const ports = await portEnv()
    const child = spawn(process.execPath, ['run', 'start'], {
      cwd: ROOT,
      env: {
        ...BASE_ENV,
        DATA_DIR: dataDir,
        ...ports.env,
        RESOLVER_URL: `http://localhost:${ports.resolver}`,
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stdout = new Response(child.stdout as unknown as ReadableStream).text()
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, 90_000)
      await waitForOk(`http://127.0.0.1:${ports.resolver}/readyz`, 30_000)
      for (let i = 0; i < 4; i++) {
        const scan = await fetch(`http://localhost:${ports.resolver}/01/4012345000009`, {
          redirect: 'manual',
        })
        expect(scan.status).toBe(307)
      }
      // The group's signal, and the same signal again as the runner passes it on.
      process.kill(-(child.pid as number), 'SIGTERM')
      process.kill(-(child.pid as number), 'SIGTERM')
      expect(await exited).toBe(0)
      const events = eventsOf(await stdout)
      expect(events.filter((e) => e.event === 'shutdown')).toEqual([
        expect.objectContaining({ event: 'shutdown', signal: 'SIGTERM' }),
      ])
      expect(events.some((e) => e.event === 'shutdown.forced' || e.event === 'shutdown.incomplete')).toBe(
        false,
      )
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL')
    }
    const database = await openDatabase({ dataDir })
    try {
      const text = "select coalesce(sum(count), 0)::int from scan_counts where outcome = 'redirect'"
      expect(await database.queryRows(text, [])).toEqual([[4]])
    } finally {
      await database.close()
    }
  }, 180_000)
})

describe.skipIf(TEST_DATABASE_URL === null)('bun run start on Postgres', () => {
  test('a port in use is refused before the database is migrated', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 'busy')
    const taken = Bun.serve({ port: 0, hostname: '0.0.0.0', fetch: () => new Response('') })
    try {
      const ports = await portEnv()
      const r = await runMain({ DATABASE_URL: scratch.url, ...ports.env, DASHBOARD_PORT: String(taken.port) })
      expect(r.code).toBe(1)
      expect(r.stderr.trim()).toStartWith(`error: cannot serve the dashboard on port ${taken.port}: `)
      const sql = postgresClient(scratch.url)
      try {
        const [row] =
          await sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`
        expect(row?.n).toBe(0)
      } finally {
        await sql.end({ timeout: 5 })
      }
    } finally {
      taken.stop(true)
      await scratch.drop()
    }
  }, 60_000)

  test('Ctrl+C (SIGINT to the process group of bun run start) exits 0 with the shutdown line and nothing else', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 'sigint')
    const ports = await portEnv()
    // Its own process group, as a terminal gives a foreground job: the runner and the service both get the signal.
    const child = spawn(process.execPath, ['run', 'start'], {
      cwd: ROOT,
      env: { ...BASE_ENV, DATABASE_URL: scratch.url, ...ports.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const stdout = new Response(child.stdout as unknown as ReadableStream).text()
    const stderr = new Response(child.stderr as unknown as ReadableStream).text()
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, 60_000)
      process.kill(-(child.pid as number), 'SIGINT')
      expect(await exited).toBe(0)
      const events = eventsOf(await stdout)
      const fromShutdown = events.slice(events.findIndex((e) => e.event === 'shutdown'))
      expect(fromShutdown).toMatchObject([{ level: 'info', event: 'shutdown', signal: 'SIGINT' }])
      expect((await stderr).trim()).toBe('$ bun src/main.ts')
    } finally {
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL')
      await scratch.drop()
    }
  }, 90_000)

  test('SERVE=resolver serves the resolver alone; SERVE=api the API and the dashboard, not the resolver', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 'halves')
    const ports = await portEnv()
    const start = (serve: string) =>
      Bun.spawn([process.execPath, 'src/main.ts'], {
        cwd: ROOT,
        env: { ...BASE_ENV, DATABASE_URL: scratch.url, SERVE: serve, ...ports.env },
        stdout: 'ignore',
        stderr: 'ignore',
      })
    const refused = (port: number) =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => false,
        () => true,
      )
    const api = start('api')
    const resolver = start('resolver')
    try {
      await waitForOk(`http://127.0.0.1:${ports.resolver}/readyz`, 60_000)
      await waitForOk(`http://127.0.0.1:${ports.api}/readyz`, 60_000)
      expect((await fetch(`http://127.0.0.1:${ports.dashboard}/sign-in`)).status).toBe(200)
      api.kill('SIGTERM')
      expect(await api.exited).toBe(0)
      expect(await refused(ports.api)).toBe(true)
      expect(await refused(ports.dashboard)).toBe(true)
      expect((await fetch(`http://127.0.0.1:${ports.resolver}/healthz`)).status).toBe(200)
      resolver.kill('SIGTERM')
      expect(await resolver.exited).toBe(0)
    } finally {
      api.kill('SIGKILL')
      resolver.kill('SIGKILL')
      await scratch.drop()
    }
  }, 120_000)
})
