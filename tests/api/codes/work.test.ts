/** The code work on a pool of Bun Workers answers /render and /codes with the very bytes the inline path gives. */
import { afterAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/api/app.ts'
import { codesFeature, inlineCodeWork, pooledCodeWork } from '../../../src/api/codes/index.ts'
import { VND_JSON } from '../../../src/api/media.ts'
import { dlDefinition, GTIN, gtinDefinition, postJson, useCodeApi } from './harness.ts'

const pooled = pooledCodeWork({ threads: 2, maxQueue: 64 })
const api = useCodeApi({ work: pooled })
afterAll(() => pooled.close())

/** The same routes in the calling thread, on the same auth service (the token works on both). */
function inlineApi() {
  const { deps, auth, token } = api()
  return { app: createApp(deps, [codesFeature({ auth, work: inlineCodeWork() })]), token }
}

async function answer(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    body: new Uint8Array(await response.arrayBuffer()),
  }
}

/** Both paths' answers to one request; they must be equal, byte for byte. */
async function both(path: string, body: unknown, headers: Record<string, string> = {}) {
  const fromPool = await answer(await postJson(api(), path, body, headers))
  const inline = await answer(await postJson(inlineApi(), path, body, headers))
  return { fromPool, inline }
}

const MODES = [
  'GS1_DATAMATRIX',
  'GS1_QR',
  'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  'QR_GS1_DIGITAL_LINK_URI',
] as const

describe('code work on worker threads', () => {
  test('POST /render draws the same SVG in every mode and level as the inline path', async () => {
    for (const mode of MODES) {
      for (const level of mode.includes('QR') ? ['L', 'M', 'Q', 'H'] : [undefined]) {
        const ais: [string, string][] = [['10', `L${MODES.indexOf(mode)}-${level}`]]
        const extra = { mode, errorCorrectionLevel: level }
        const definition = mode.includes('DIGITAL_LINK')
          ? dlDefinition(ais, extra)
          : gtinDefinition(ais, extra)
        const { fromPool, inline } = await both('/render', definition, { accept: 'image/svg+xml' })
        expect(fromPool.status).toBe(200)
        expect(fromPool).toEqual(inline)
      }
    }
  })

  test('POST /render of a symbol too large to draw is the same empty 400', async () => {
    const extensionParameters = Array.from({ length: 30 }, (_, i) => ({
      key: `k${i}`,
      value: 'x'.repeat(100),
    }))
    const long = dlDefinition([], {
      mode: 'QR_GS1_DIGITAL_LINK_URI',
      errorCorrectionLevel: 'H',
      extensionParameters,
    })
    const { fromPool, inline } = await both('/render', long, { accept: 'image/svg+xml' })
    expect(fromPool.status).toBe(400)
    expect(fromPool.body.byteLength).toBe(0)
    expect(fromPool).toEqual(inline)
  })

  test('POST /codes with 1000 definitions, some failing, gives the same JSON in both media types', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) =>
      i % 7 === 0
        ? gtinDefinition([['17', '261399']], { mode: 'GS1_QR', reference: `bad-${i}` })
        : dlDefinition([['10', `L${i}`]], { mode: MODES[2 + (i % 2)], reference: `r-${i}` }),
    )
    const json = await both('/codes', { codes })
    expect(json.fromPool.status).toBe(200)
    expect(json.fromPool).toEqual(json.inline)
    const vnd = await both('/codes', { codes }, { 'content-type': VND_JSON, accept: VND_JSON })
    expect(vnd.fromPool.type).toBe(VND_JSON)
    expect(vnd.fromPool).toEqual(vnd.inline)
  })

  test('POST /codes refusals are the same: malformed JSON, invalid UTF-8, more than 1000, not an object', async () => {
    const tooMany = { codes: Array.from({ length: 1001 }, () => gtinDefinition([], { mode: 'GS1_QR' })) }
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])
    for (const body of [
      '{"codes": [',
      invalidUtf8,
      JSON.stringify(tooMany),
      '[1]',
      `{"codes":[],"x":"${GTIN}"}`,
    ]) {
      const fromPool = await answer(await postJson(api(), '/codes', body as string))
      const inline = await answer(await postJson(inlineApi(), '/codes', body as string))
      expect(fromPool.status).toBeOneOf([400, 422])
      expect(fromPool).toEqual(inline)
    }
  })

  test('a full queue answers 503 Overloaded in the envelope with Retry-After, and the next request is served', async () => {
    const tiny = pooledCodeWork({ threads: 1, maxQueue: 0 })
    try {
      const { deps, auth, token } = api()
      const app = createApp(deps, [codesFeature({ auth, work: tiny })])
      const codes = Array.from({ length: 1000 }, (_, i) =>
        gtinDefinition([['10', `L${i}`]], { mode: 'GS1_QR' }),
      )
      const [first, second] = await Promise.all([
        postJson({ app, token }, '/codes', { codes }),
        postJson({ app, token }, '/codes', { codes }),
      ])
      const statuses = [first.status, second.status].sort()
      expect(statuses).toEqual([200, 503])
      const refused = (first.status === 503 ? first : second) as Response
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(refused.headers.get('content-type')).toBe('application/json')
      expect((await refused.json()).errors[0].code).toBe('Overloaded')
      expect((await postJson({ app, token }, '/codes', { codes })).status).toBe(200)
    } finally {
      await tiny.close()
    }
  })
})
