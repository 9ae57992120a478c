import { describe, expect, test } from 'bun:test'
import { TEST_CONFIG } from '../support/app.ts'
import { useService } from './harness.ts'

const service = useService()

const LOT = 'LOTSECRET42'
const SERIAL = 'SERIALSECRET7'

/** Log lines of one request to each port, as JSON objects. */
async function logsOf(send: () => Promise<Response> | Response): Promise<Record<string, unknown>[]> {
  const s = service()
  const before = s.logs.length
  await (await send()).arrayBuffer()
  // The API writes its request line after the answer is sent.
  await Bun.sleep(0)
  return s.logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>)
}

describe('request logs name no lot or serial, on every port', () => {
  test('the resolver logs a scan with its GTIN and AI numbers, and the query never', async () => {
    const url = `${TEST_CONFIG.resolverUrl}/01/09506000134352/10/${LOT}/21/${SERIAL}?17=271231&x=${SERIAL}`
    const lines = await logsOf(() => service().service.resolver(new Request(url)))
    expect(lines.map((l) => [l.event, l.path])).toContainEqual(['request', '/01/09506000134352/10/*/21/*'])
    expect(JSON.stringify(lines)).not.toMatch(/SECRET|271231/)
  })

  test('the API and the dashboard log such a path the same way', async () => {
    const path = `/01/09506000134352/10/${LOT}/21/${SERIAL}`
    const api = await logsOf(() => service().service.api(new Request(TEST_CONFIG.apiUrl + path)))
    const dashboard = await logsOf(() =>
      service().service.dashboard(new Request(TEST_CONFIG.dashboardUrl + path)),
    )
    for (const lines of [api, dashboard]) {
      expect(lines.map((l) => [l.event, l.path])).toContainEqual(['request', '/01/09506000134352/10/*/21/*'])
      expect(JSON.stringify(lines)).not.toContain('SECRET')
    }
  })
})
