/** The standalone resolver entries' configuration: the service's rules, and one line with exit 2 on an error. */
import { describe, expect, test } from 'bun:test'
import { standaloneResolver } from '../../src/resolver/standalone.ts'
import { ROOT } from '../support/processes.ts'

const noFile = () => Promise.reject(new Error('no file in this test'))

describe('standalone resolver', () => {
  test('reads its port and origins with the service’s defaults', async () => {
    const { port, resolver } = await standaloneResolver({}, noFile)
    expect(port).toBe(3001)
    const res = await resolver(new Request('http://localhost:3001/01/09506000134352'))
    expect(res.status).toBe(404)
  })

  test('refuses a bad value with every error in one message', async () => {
    await expect(
      standaloneResolver({ RESOLVER_PORT: 'x', SHORT_URL: 'https://s.example/p' }, noFile),
    ).rejects.toThrow(
      'RESOLVER_PORT must be a port number from 0 to 65535; ' +
        'SHORT_URL must be an http(s) origin such as https://example.com, without path or query',
    )
  })

  test('the Bun entry prints one config error line and exits 2, without a stack trace', async () => {
    const child = Bun.spawn([process.execPath, 'src/resolver/serve.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', RESOLVER_PORT: '99999' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    expect(await child.exited).toBe(2)
    expect(await new Response(child.stderr).text()).toBe(
      'config error: RESOLVER_PORT must be a port number from 0 to 65535\n',
    )
  })
})
