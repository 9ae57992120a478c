import { describe, expect, test } from 'bun:test'
import { useServedService } from './harness.ts'
import { bodyOf, rawExchange, statusOf } from './raw-http.ts'
import { KNOWN_KILLERS } from './request-heads.ts'

const s = useServedService()

/** Status and parsed JSON body of one raw exchange. */
async function exchange(port: number, head: string) {
  const { received } = await rawExchange(port, [head], { waitMs: 3000 })
  const body = bodyOf(received)
  return { status: statusOf(received), body: body === '' ? null : JSON.parse(body) }
}

/** The request lines logged since `from`, as `METHOD path status`. */
function requestLines(from: number): string[] {
  return s()
    .logs.slice(from)
    .map((line) => JSON.parse(line))
    .filter((line) => line.event === 'request')
    .map((line) => `${line.method} ${line.path} ${line.status}`)
}

const INVALID_HOST = {
  errors: [
    {
      code: 'InvalidHost',
      path: null,
      message: 'The request has no Host header, or one that is not a valid host',
    },
  ],
}

describe('a request without a Host, or with one that is no URL host (issue #17)', () => {
  test('the API answers 400 InvalidHost in its envelope, logs the path it was asked, and keeps serving', async () => {
    // The harness's token request is logged after its answer: let that line land first.
    await Bun.sleep(5)
    for (const head of KNOWN_KILLERS) {
      const from = s().logs.length
      expect({ head, ...(await exchange(s().ports.api, head)) }).toEqual({
        head,
        status: 400,
        body: INVALID_HOST,
      })
      // The request line is logged after the answer, on the next turn.
      await Bun.sleep(5)
      const [method, target] = head.split(' ') as [string, string]
      expect(requestLines(from)).toEqual([`${method} ${target.split('?')[0]} 400`])
    }
    expect((await fetch(`http://127.0.0.1:${s().ports.api}/healthz`)).status).toBe(200)
    expect(s().logs.filter((line) => line.includes('"level":"error"'))).toEqual([])
  })

  test('the resolver port answers as before: health on any host, 404 {status, error} for a scan on no known host', async () => {
    const scan = (host: string) =>
      `GET /01/09506000134352 HTTP/1.1\r\n${host}Accept: application/json\r\nConnection: close\r\n\r\n`
    expect(await exchange(s().ports.resolver, 'GET /healthz HTTP/1.0\r\n\r\n')).toEqual({
      status: 200,
      body: { status: 'ok' },
    })
    expect(
      await exchange(s().ports.resolver, 'GET /readyz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n'),
    ).toEqual({
      status: 200,
      body: { status: 'ready' },
    })
    const notFound = { status: 404, body: { status: 404, error: 'NOT_FOUND' } }
    for (const host of ['', 'Host: a b\r\n', 'Host: [::1\r\n', 'Host: x#y\r\n']) {
      const head = host === '' ? scan('').replace('HTTP/1.1', 'HTTP/1.0') : scan(host)
      expect({ host, ...(await exchange(s().ports.resolver, head)) }).toEqual({ host, ...notFound })
    }
    expect(s().logs.filter((line) => line.includes('"level":"error"'))).toEqual([])
  })
})
