/** The standalone resolver entries' configuration: the service's rules, and one line with exit 2 on an error. */
import { describe, expect, test } from 'bun:test'
import { standaloneResolver } from '../../src/resolver/standalone.ts'
import { ROOT } from '../support/processes.ts'

const noFile = () => Promise.reject(new Error('no file in this test'))

/** The Bun entry (`bun src/resolver/serve.ts`) in a child process with only `env` (and PATH). */
function bunEntry(env: Record<string, string>) {
  return Bun.spawn([process.execPath, 'src/resolver/serve.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
}

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
    const child = bunEntry({ RESOLVER_PORT: '99999' })
    expect(await child.exited).toBe(2)
    expect(await new Response(child.stderr).text()).toBe(
      'config error: RESOLVER_PORT must be a port number from 0 to 65535\n',
    )
  })

  test('a CATALOG_FILE that is not a catalog import file is refused with the import rules', async () => {
    await expect(
      standaloneResolver({ CATALOG_FILE: 'list.json' }, () => Promise.resolve('[{"gtin": 1}]')),
    ).rejects.toThrow(
      'CATALOG_FILE is not a valid catalog: (file): the catalog must be a JSON object with organizations, brands and products',
    )
  })

  test('a CATALOG_FILE that cannot be read or is not JSON is an error that names it', async () => {
    await expect(standaloneResolver({ CATALOG_FILE: 'gone.json' }, noFile)).rejects.toThrow(
      'CATALOG_FILE: cannot read gone.json: no file in this test',
    )
    await expect(
      standaloneResolver({ CATALOG_FILE: 'bad.json' }, () => Promise.resolve('{"organizations": [')),
    ).rejects.toThrow(/^CATALOG_FILE: bad\.json is not JSON: /)
  })

  test('the Bun entry on a port in use prints one line and exits 1, without a stack trace', async () => {
    const taken = Bun.serve({ port: 0, fetch: () => new Response('') })
    try {
      const child = bunEntry({
        RESOLVER_PORT: String(taken.port),
        CATALOG_FILE: 'src/catalog/demo-catalog.json',
      })
      expect(await child.exited).toBe(1)
      const lines = (await new Response(child.stderr).text()).trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toStartWith(`error: cannot serve the resolver on port ${taken.port}: `)
    } finally {
      taken.stop(true)
    }
  })

  test('the Bun entry without CATALOG_FILE warns that every scan will answer 404', async () => {
    const started = bunEntry({ RESOLVER_PORT: '0' })
    try {
      const reader = started.stderr.getReader()
      const { value } = await reader.read()
      expect(new TextDecoder().decode(value)).toBe(
        'warning: no CATALOG_FILE: the catalog is empty, and every scan answers 404\n',
      )
    } finally {
      started.kill()
      await started.exited
    }
  })
})
