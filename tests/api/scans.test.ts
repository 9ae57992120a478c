import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { organizations } from '../../src/db/schema.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { createOrganization } from '../../src/services/people/organizations.ts'
import { addScanCounts, type ScanCountRow } from '../../src/services/scans/counts.ts'
import { apiRequest } from '../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { scanRow } from '../support/scans.ts'
import { type CodeApi, fetchToken, openCodeApi } from './codes/harness.ts'

let api: CodeApi
let token = ''

beforeAll(async () => {
  api = await openCodeApi()
  await createOrganization(api.database.db, {
    slug: 'globex',
    name: 'Globex',
    plan: 'pro',
    subscriptionStatus: 'active',
  })
  const orgs = Object.fromEntries(
    (await api.database.db.select().from(organizations)).map((o) => [o.slug, o.id]),
  )
  const client = await createClient(api.database.db, {
    organizationSlug: 'acme',
    name: 'bi',
    scopes: ['read:scans'],
    clock: api.clock,
    actor: CLI_ACTOR,
  })
  if (!client.ok) throw new Error(client.message)
  token = await fetchToken(api.app, client.clientId, client.clientSecret)
  const row = (o: Partial<ScanCountRow>) => scanRow(orgs.acme as string, { day: '2026-11-20', ...o })
  await addScanCounts(api.database.db, [
    row({ count: 4 }),
    row({ day: '2026-11-21', language: 'de', count: 2 }),
    row({ day: '2026-11-21', gtin: '04000000000006', device: 'desktop', count: 1 }),
    row({ organizationId: orgs.globex, count: 99 }),
  ])
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await api?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

const get = (query: string, bearer = token) =>
  api.app.handle(apiRequest(`/scans${query}`, { headers: { authorization: `Bearer ${bearer}` } }))

describe('GET /scans', () => {
  test('sums the organization’s scans per day, and per any dimension, within the range', async () => {
    const days = await get('?from=2026-11-01&to=2026-11-30')
    expect(days.status).toBe(200)
    expect(await days.json()).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'day',
      total: 7,
      groups: [
        { key: '2026-11-20', count: 4 },
        { key: '2026-11-21', count: 3 },
      ],
    })
    expect((await (await get('?from=2026-11-01&to=2026-11-30&groupBy=language')).json()).groups).toEqual([
      { key: 'en', count: 5 },
      { key: 'de', count: 2 },
    ])
    expect(
      (await (await get('?from=2026-11-21&to=2026-11-21&groupBy=device&gtin=4000000000006')).json()).groups,
    ).toEqual([{ key: 'desktop', count: 1 }])
  })

  test('without a range: the last 30 days up to today', async () => {
    const body = await (await get('')).json()
    const today = new Date(api.clock()).toISOString().slice(0, 10)
    expect(body.to).toBe(today)
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(29 * 86_400_000)
  })

  test('bad parameters are 400 with the parameter as path; write:codes alone is 403', async () => {
    for (const [query, path] of [
      ['?groupBy=country', 'groupBy'],
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      ['?from=2026-11-30&to=2026-11-01', 'from'],
      ['?from=2024-01-01&to=2026-01-01', 'to'],
      ['?gtin=123', 'gtin'],
    ]) {
      const r = await get(query as string)
      expect({ query, status: r.status, path: (await r.json()).errors[0].path }).toEqual({
        query,
        status: 400,
        path,
      })
    }
    expect((await get('', api.token)).status).toBe(403)
    // A typo or a repeated parameter would change the report silently: both are refused, with everything else.
    const body = await (await get('?groupby=gtin&gtin=09506000134352&gtin=09506000134383')).json()
    expect(body.errors.map((e: { code: string }) => e.code)).toEqual([
      'Validation.Unknown.groupby',
      'Validation.Invalid.gtin',
    ])
  })

  test('each error names only what was sent and what is wrong with it', async () => {
    const errors = async (query: string) => (await (await get(query)).json()).errors
    expect(await errors('?to=2026-1-1')).toEqual([
      { code: 'Validation.Invalid.to', path: 'to', message: 'to must be a day as YYYY-MM-DD' },
    ])
    expect(await errors('?gtin=9506000134355')).toEqual([
      { code: 'Validation.Invalid.gtin', path: 'gtin', message: 'gtin has a wrong check digit' },
    ])
    expect(await errors('?gtin=123')).toEqual([
      {
        code: 'Validation.Invalid.gtin',
        path: 'gtin',
        message: 'gtin must be a GTIN of 8, 12, 13 or 14 digits',
      },
    ])
  })
})
