/** `epc decode` / `epc encode`: readable output, --json, one-line errors and exit codes. */
import { describe, expect, test } from 'bun:test'
import { runEpcCommand } from '../../src/cli/epc.ts'

async function run(...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runEpcCommand(args, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out, err }
}

describe('epc decode', () => {
  test('prints the scheme, GTIN, each AI and the uncompressed Digital Link', async () => {
    const r = await run('decode', 'ehF7909506000134352624B510660010B5DB717359F')
    expect(r.code).toBe(0)
    expect(r.err).toEqual([])
    expect(r.out).toEqual([
      'scheme        SGTIN+',
      'GTIN     (01) 09506000134352',
      'AI       (10) ABC123',
      'AI       (21) S1',
      'AI       (17) 261231',
      'Digital Link  /01/09506000134352/10/ABC123/21/S1?17=261231',
    ])
  })
  test('accepts a bare hex EPC, an ex segment and a whole compressed URL', async () => {
    for (const input of [
      '30164596F40C0E5CBE991A83',
      'exMBZFlvQMDly-mRqD',
      'https://example.com/eh30164596f40c0e5cbe991a83/?linkType=gs1:pip',
    ]) {
      const r = await run('decode', input)
      expect(r.code).toBe(0)
      expect(r.out.at(-1)).toBe('Digital Link  /01/09528765123457/21/123456789123')
    }
  })
  test('--json prints one JSON object with the link parts', async () => {
    const r = await run('decode', 'eh30164596f40c0e5cbe991a83', '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out.join(''))).toEqual({
      scheme: 'SGTIN-96',
      gtin: '09528765123457',
      qualifiers: [{ ai: '21', value: '123456789123' }],
      attributes: [],
      digitalLink: '/01/09528765123457/21/123456789123',
    })
  })
  test('prints the key of any EPC scheme: an SSCC-96 of TDS 2.3 Annex E.3', async () => {
    const r = await run('decode', '311BA1B300CE0A6A83000000')
    expect(r).toEqual({
      code: 0,
      out: [
        'scheme        SSCC-96',
        'SSCC     (00) 095201234567891235',
        'Digital Link  /00/095201234567891235',
      ],
      err: [],
    })
    const json = await run('decode', 'ehF2395211411234548566CB0AFC4', '--json')
    expect(JSON.parse(json.out.join(''))).toEqual({
      scheme: 'SGLN+',
      key: { ai: '414', value: '9521141123454' },
      qualifiers: [{ ai: '254', value: '32a/b' }],
      attributes: [],
      digitalLink: '/414/9521141123454/254/32a%2Fb',
    })
  })
  test('a rejected EPC gives one line with the reason and exit code 1', async () => {
    // GID-96 of TDS 2.3 Annex E.3: a valid EPC, but it carries no GS1 key.
    const r = await run('decode', 'eh3500E86F8000A9E000000586')
    expect(r.code).toBe(1)
    expect(r.out).toEqual([])
    expect(r.err).toHaveLength(1)
    expect(r.err[0]).toContain('unsupported-header')
  })
})

describe('epc encode', () => {
  test('prints the eh segment of a Digital Link path', async () => {
    const r = await run('encode', '/01/09506000134352/10/L9/21/S1?11=240101')
    expect(r).toEqual({ code: 0, out: ['ehfb80302109506000134352624b510622fd'], err: [] })
  })
  test('--base64 prints the ex form, which decodes back to the same link', async () => {
    const r = await run('encode', 'https://example.com/01/09506000134352/21/S1?17=261231', '--base64')
    expect(r.code).toBe(0)
    const back = await run('decode', r.out[0] as string)
    expect(back.out.at(-1)).toBe('Digital Link  /01/09506000134352/21/S1?17=261231')
  })
  test('any key with an EPC scheme: the smallest scheme, fixed-length ones with --gcp-length', async () => {
    expect((await run('encode', '/00/095201234567891235')).out).toEqual(['ehf90095201234567891235'])
    // TDS 2.3 Annex E.3 SGTIN-96 (3066C4409047E140075BCD15, GCP of 11 digits) with filter value 0 instead of 3.
    const sgtin = await run('encode', '/01/09506000134352/21/123456789', '--gcp-length=11', '--json')
    expect(JSON.parse(sgtin.out.join(''))).toEqual({
      segment: 'eh3006c4409047e140075bcd15',
      digitalLink: '/01/09506000134352/21/123456789',
    })
  })
  test('a link without a serial, or not a Digital Link, gives one line and exit code 1', async () => {
    for (const input of ['/01/09506000134352/10/L9', 'not a link', '/8003/09521141123454', '/8013/1234']) {
      const r = await run('encode', input)
      expect(r.code).toBe(1)
      expect(r.err).toHaveLength(1)
    }
  })
})

describe('usage', () => {
  test('a missing argument or an unknown subcommand or option is a usage error (exit code 2)', async () => {
    for (const args of [[], ['decode'], ['frobnicate', 'x'], ['decode', 'eh30', '--verbose']]) {
      const r = await run(...args)
      expect(r.code).toBe(2)
      expect(r.err[0]).toContain('usage')
    }
  })
})
