/** The CLI entry: help on request (exit 0), usage for no or an unknown command (exit 2). */
import { describe, expect, test } from 'bun:test'
import { runCli } from '../../src/cli/main.ts'
import { cliContext } from '../support/cli.ts'

async function run(argv: string[]) {
  const ctx = cliContext(null)
  return { code: await runCli(argv, ctx), out: ctx.out, err: ctx.err }
}

describe('bun run cli', () => {
  test('--help, -h and help print the usage on stdout and exit 0, naming every command and subcommand', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = await run([flag])
      expect([r.code, r.err]).toEqual([0, []])
      const usage = r.out.join('\n')
      for (const line of [
        'org create | set-plan | list',
        'client create | list | block | unblock | delete',
        'keys rotate | list',
        'catalog import FILE | export --org',
        'seed demo',
        'codes generate --in FILE',
        'epc decode SEGMENT | encode LINK',
      ]) {
        expect(usage).toContain(line)
      }
    }
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
