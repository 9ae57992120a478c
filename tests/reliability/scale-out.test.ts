/** Two stateless instances (separate processes) on one Postgres: catalog, client and key changes reach both. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TEST_DATABASE_URL } from '../support/db.ts'
import {
  type Instance,
  runCli,
  runCliJson,
  startInstance,
  stopAllInstances,
  waitUntil,
} from '../support/processes.ts'
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-db.ts'
import {
  type Client,
  catalogFile,
  createClient,
  importFile,
  locationOf,
  postCode,
  product,
  requestToken,
  scanKept,
  scanResult,
  scratchDir,
  tokenFor,
} from './harness.ts'

const NO_DATABASE = 'DATABASE_URL is not set (run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)'
if (!TEST_DATABASE_URL) console.warn(`skipping the scale-out tests: ${NO_DATABASE}`)

/** How fast a catalog change or a key rotation must reach every instance, and a block or deletion every guard. */
const CHANGE_BOUND_MS = 1000
const CLIENT_BOUND_MS = 5000

describe.skipIf(!TEST_DATABASE_URL)('two instances on one Postgres', () => {
  const files = scratchDir()
  let database: ScratchDatabase | undefined
  let env: Record<string, string> = {}
  let instances: Instance[] = []

  /** Whether `check` holds on every instance. */
  const onBoth = (check: (instance: Instance) => Promise<boolean>) => async () =>
    (await Promise.all(instances.map(check))).every(Boolean)

  beforeAll(async () => {
    database = await createScratchDatabase(TEST_DATABASE_URL as string, 'scale')
    env = { DATABASE_URL: database.url }
    await importFile(files.file('base.json', catalogFile([product(1), product(2)])), env)
    instances = await Promise.all([startInstance({ env }), startInstance({ env })])
  }, 60_000)

  afterAll(async () => {
    await stopAllInstances()
    await database?.drop()
    files.remove()
  }, 60_000)

  test('a product imported through the CLI resolves on both within 1 s, though both had cached its absence', async () => {
    const before = await Promise.all(instances.map((i) => scanKept(i.resolver, 10)))
    expect(before).toEqual([
      { status: 404, location: null },
      { status: 404, location: null },
    ])
    await importFile(files.file('new.json', catalogFile([product(10)])), env)
    const seen = await waitUntil(
      onBoth(async (i) => (await scanResult(i.resolver, 10)).location === locationOf(10)),
      CHANGE_BOUND_MS,
    )
    expect(seen ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
  })

  test('a new default page of a cached product shows on both within 1 s', async () => {
    for (const i of instances)
      expect(await scanKept(i.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
    await importFile(files.file('page.json', catalogFile([product(1, { page: 'story' })])), env)
    const seen = await waitUntil(
      onBoth(async (i) => (await scanResult(i.resolver, 1)).location === locationOf(1, 'story')),
      CHANGE_BOUND_MS,
    )
    expect(seen ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
  })

  test('an unpublished product answers 404 on both within 1 s', async () => {
    for (const i of instances)
      expect(await scanKept(i.resolver, 2)).toEqual({ status: 307, location: locationOf(2) })
    await importFile(files.file('unpublish.json', catalogFile([product(2, { published: false })])), env)
    const gone = await waitUntil(
      onBoth(async (i) => (await scanResult(i.resolver, 2)).status === 404),
      CHANGE_BOUND_MS,
    )
    expect(gone ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
  })

  test('a product put and deleted through one instance’s API resolves, then answers 404, on both within 1 s', async () => {
    const client = await createClient(env, 'pim', ['write:catalog'])
    const [a] = instances as [Instance, Instance]
    const token = await tokenFor(a.api, client)
    for (const i of instances) expect(await scanKept(i.resolver, 11)).toEqual({ status: 404, location: null })
    const put = await fetch(`${a.api}/products/${product(11).gtin}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(product(11)),
    })
    expect(put.status).toBe(201)
    const seen = await waitUntil(
      onBoth(async (i) => (await scanResult(i.resolver, 11)).location === locationOf(11)),
      CHANGE_BOUND_MS,
    )
    expect(seen ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
    const deleted = await fetch(`${a.api}/products/${product(11).gtin}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(deleted.status).toBe(204)
    const gone = await waitUntil(
      onBoth(async (i) => (await scanResult(i.resolver, 11)).status === 404),
      CHANGE_BOUND_MS,
    )
    expect(gone ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
  })

  test('both publish the same signing keys, and a key rotation reaches both within 1 s', async () => {
    const jwks = async (i: Instance) => (await fetch(`${i.api}/.well-known/jwks.json`)).json()
    const [first, second] = await Promise.all(instances.map(jwks))
    expect(second).toEqual(first)
    const { kid } = await runCliJson<{ kid: string }>(['keys', 'rotate'], env)
    const rotated = await waitUntil(
      onBoth(async (i) => JSON.stringify(await jwks(i)).includes(kid)),
      CHANGE_BOUND_MS,
    )
    expect(rotated ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CHANGE_BOUND_MS)
    const client = await createClient(env, 'keys')
    for (const i of instances) expect(kidOf(await tokenFor(i.api, client))).toBe(kid)
  })

  test('a token issued by one instance is accepted by the other', async () => {
    const client = await createClient(env, 'shared')
    const [a, b] = instances as [Instance, Instance]
    expect((await postCode(b.api, await tokenFor(a.api, client))).status).toBe(200)
    expect((await postCode(a.api, await tokenFor(b.api, client))).status).toBe(200)
  })

  test('a blocked client stops getting tokens on both within 5 s, and gets them again once unblocked', async () => {
    const client = await createClient(env, 'blocked')
    expect(await tokenStatuses(client)).toEqual([200, 200])
    await changeClient('block', client)
    const refused = await waitUntil(
      onBoth(async (i) => (await requestToken(i.api, client)).status === 401),
      CLIENT_BOUND_MS,
    )
    expect(refused ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CLIENT_BOUND_MS)
    await changeClient('unblock', client)
    const again = await waitUntil(
      onBoth(async (i) => (await requestToken(i.api, client)).status === 200),
      CLIENT_BOUND_MS,
    )
    expect(again ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CLIENT_BOUND_MS)
  })

  test('a deleted client stops getting tokens on both within 5 s', async () => {
    const client = await createClient(env, 'deleted')
    expect(await tokenStatuses(client)).toEqual([200, 200])
    await changeClient('delete', client)
    const refused = await waitUntil(
      onBoth(async (i) => (await requestToken(i.api, client)).status === 401),
      CLIENT_BOUND_MS,
    )
    expect(refused ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CLIENT_BOUND_MS)
  })

  for (const [action, done] of [
    ['block', 'blocked'],
    ['delete', 'deleted'],
  ] as const) {
    test(`the tokens of a ${done} client stop working on both within 5 s`, async () => {
      const client = await createClient(env, action)
      // A token from each instance, each used once on both, so every guard has it cached as valid.
      const tokens = await Promise.all(instances.map((i) => tokenFor(i.api, client)))
      expect(await codeStatuses(tokens)).toEqual([200, 200, 200, 200])
      await changeClient(action, client)
      const revoked = await waitUntil(
        async () => (await codeStatuses(tokens)).every((s) => s === 401),
        CLIENT_BOUND_MS,
      )
      expect(revoked ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(CLIENT_BOUND_MS)
    })
  }

  function tokenStatuses(client: Client): Promise<number[]> {
    return Promise.all(instances.map(async (i) => (await requestToken(i.api, client)).status))
  }

  /** `POST /code` with every token on every instance. */
  function codeStatuses(tokens: string[]): Promise<number[]> {
    return Promise.all(
      tokens.flatMap((token) => instances.map(async (i) => (await postCode(i.api, token)).status)),
    )
  }

  async function changeClient(action: 'block' | 'unblock' | 'delete', client: Client): Promise<void> {
    const r = await runCli(['client', action, client.clientId], env)
    expect(r.code).toBe(0)
  }
})

/** The `kid` of a JWT's protected header. */
function kidOf(jwt: string): string {
  const header = JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
    kid: string
  }
  return header.kid
}
