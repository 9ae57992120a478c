/** The CLI entry: help on request (exit 0), usage for no or an unknown command (exit 2). */
import { describe, expect, test } from 'bun:test'
import { runCli } from '../../src/cli/main.ts'
import { cliContext } from '../support/cli.ts'

async function run(argv: string[]) {
  const ctx = cliContext(null)
  return { code: await runCli(argv, ctx), out: ctx.out, err: ctx.err }
}

describe('bun run cli', () => {
  test('--help, -h and help print every form of every command with its options on stdout, and exit 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = await run([flag])
      expect([r.code, r.err]).toEqual([0, []])
      const usage = r.out.join('\n')
      for (const line of [
        '  org create --slug SLUG --name NAME [--plan free|starter|pro|enterprise]',
        '  org prefix add|remove|list SLUG [PREFIX] [--json]',
        '  client create --org SLUG --name NAME --scope SCOPE [--scope SCOPE …] [--json]',
        '  user reset-password EMAIL [--json]',
        '  domain list [--pending] [--json]',
        '  keys rotate [--json]',
        '  catalog export --org SLUG [--out FILE.json]',
        '  seed demo [--json]',
        '  codes generate --in FILE.jsonl|FILE.csv',
        '  epc encode <digital link> [--base64] [--gcp-length=N] [--json]',
      ]) {
        expect(usage).toContain(line)
      }
    }
  })

  test('a command with --help or -h prints its own forms on stdout and exits 0, running nothing', async () => {
    for (const argv of [
      ['client', 'create', '--help'],
      ['client', '-h'],
      ['epc', 'encode', '--help'],
    ]) {
      const r = await run(argv)
      expect([r.code, r.err]).toEqual([0, []])
      expect(r.out[0]).toStartWith(`usage:\n  ${argv[0]} `)
    }
    expect((await run(['client', '--help'])).out[0]).toContain('  client delete ID [--json]')
  })

  test('a usage error names what is wrong, then the command’s forms, on stderr with exit 2', async () => {
    const r = await run(['client', 'create', '--org', 'acme'])
    expect([r.code, r.out]).toEqual([2, []])
    expect(r.err[0]).toStartWith('error: missing --name\nusage:\n  client create --org SLUG --name NAME')
  })

  test('no command, or an unknown one (named first), prints the usage on stderr and exits 2', async () => {
    const none = await run([])
    expect([none.code, none.out]).toEqual([2, []])
    expect(none.err[0]).toStartWith('usage: bun run cli <command>')
    const unknown = await run(['destroy'])
    expect([unknown.code, unknown.out]).toEqual([2, []])
    expect(unknown.err[0]).toStartWith("error: unknown command 'destroy'\nusage: bun run cli <command>")
  })
})
