/** The API app under Deno (`Deno.serve(app.fetch)` in src/api/serve-deno.ts): a token and a code from a child process on loopback. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import postgres from 'postgres'
import { type Database, openDatabase } from '../../src/db/database.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { createOrganization } from '../../src/services/people/organizations.ts'
import { DATABASE_HOOK_TIMEOUT_MS, TEST_DATABASE_URL } from '../support/db.ts'
import { denoBinary } from '../support/deno.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const ROOT = join(import.meta.dir, '..', '..')
const DENO = denoBinary() ?? join(ROOT, 'node_modules', '.bin', 'deno')
const START_TIMEOUT_MS = 90_000
const GTIN = '09506000134352'

const tmp = makeTempDir('deno-api')
let target: { env: Record<string, string>; drop(): Promise<void> }
let client: { clientId: string; clientSecret: string }

/** A migrated database the child can open: a fresh Postgres database, or a PGlite directory. */
async function prepareDatabase() {
  let database: Database
  let env: Record<string, string>
  let drop = async () => {}
  if (TEST_DATABASE_URL) {
    const name = `t_deno_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`
    const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const url = new URL(TEST_DATABASE_URL)
    url.pathname = `/${name}`
    database = await openDatabase({ url: url.toString() })
    env = { DATABASE_URL: url.toString() }
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 5 })
    }
  } else {
    const dataDir = join(tmp, 'pglite')
    database = await openDatabase({ dataDir })
    env = { DATA_DIR: dataDir }
  }
  try {
    await createOrganization(database.db, {
      slug: 'acme',
      name: 'Acme',
      plan: 'starter',
      subscriptionStatus: 'active',
    })
    const created = await createClient(database.db, {
      actor: CLI_ACTOR,
      organizationSlug: 'acme',
      name: 'Deno test',
      scopes: ['write:codes'],
      clock: Date.now,
    })
    if (!created.ok) throw new Error(created.message)
    client = created
  } finally {
    await database.close()
  }
  return { env, drop }
}

/** Reads the child's stdout until it prints its address, or fails after the timeout. */
async function listeningUrl(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null),
    ])
    if (chunk === null || chunk.done) break
    seen += decoder.decode(chunk.value)
    const match = /api listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen)
    if (match?.[1]) {
      reader.releaseLock()
      return match[1]
    }
  }
  throw new Error(`the Deno child did not start in time; its output: ${seen.slice(-2000)}`)
}

/** Starts src/api/serve-deno.ts on a free port over the test database, with `env` added to the inherited one. */
function spawnDenoApi(env: Record<string, string>, stderr: 'inherit' | 'pipe') {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  return Bun.spawn([DENO, 'run', '-A', '--no-lock', '--node-modules-dir=manual', 'src/api/serve-deno.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      ...target.env,
      API_PORT: '0',
      API_URL: 'http://localhost:3000',
      NO_COLOR: '1',
      ...env,
    },
    stdout: 'pipe',
    stderr,
  })
}

beforeAll(async () => {
  target = await prepareDatabase()
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await target?.drop()
  removeTempDir(tmp)
}, DATABASE_HOOK_TIMEOUT_MS)

describe('Deno runtime', () => {
  test(
    'serves POST /oauth/token and POST /code from Deno.serve on loopback',
    async () => {
      const child = spawnDenoApi({ API_HOSTNAME: '127.0.0.1' }, 'inherit')
      try {
        const base = await listeningUrl(child.stdout, START_TIMEOUT_MS)
        const tokenRes = await fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        })
        expect(tokenRes.status).toBe(200)
        const token = (await tokenRes.json()).access_token as string
        const codeRes = await fetch(`${base}/code`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/vnd.service.public.v1+json',
          },
          body: JSON.stringify({
            primaryKey: { key: '01', value: '9506000134352' },
            ais: [{ key: '10', value: 'D1' }],
          }),
        })
        // 404 here means the code feature is not wired into createService (src/app/boot.ts).
        expect(codeRes.status).toBe(200)
        expect(await codeRes.json()).toEqual({ barcodeText: `(01)${GTIN}(10)D1`, hri: `(01)${GTIN}(10)D1` })
      } finally {
        child.kill('SIGTERM')
        const exited = await Promise.race([child.exited, Bun.sleep(10_000).then(() => null)])
        if (exited === null) {
          child.kill('SIGKILL')
          await child.exited
        }
      }
    },
    START_TIMEOUT_MS + 30_000,
  )

  test(
    'a JWT_KEY_FILE that cannot be read is one config error line and exit 2, as on Bun',
    async () => {
      const missing = join(tmp, 'missing-key.pem')
      const child = spawnDenoApi({ JWT_KEY_FILE: missing }, 'pipe')
      const [code, stdout, stderr] = await Promise.all([
        child.exited,
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
      ])
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `config error: JWT_KEY_FILE ${missing} cannot be read (ENOENT)\n`,
      })
    },
    START_TIMEOUT_MS,
  )
})
