import { describe, expect, test } from 'bun:test'
import { runCli } from '../../src/cli/main.ts'
import { runOrgCommand } from '../../src/cli/orgs.ts'
import { CLIENTS_CHANNEL } from '../../src/db/channels.ts'
import { cliContext, runCommand } from '../support/cli.ts'
import { useTestDatabase } from '../support/db.ts'

const database = useTestDatabase()
const run = (...args: string[]) => runCommand(runOrgCommand, database(), args)

describe('org commands', () => {
  test('org create prints the organization and defaults to the free plan', async () => {
    expect(await run('create', '--slug', 'acme', '--name', 'Acme', '--json')).toEqual({
      code: 0,
      out: ['{"slug":"acme","name":"Acme","plan":"free","subscriptionStatus":"active"}'],
      err: [],
    })
  })

  test('org create refuses a taken slug with exit 1', async () => {
    expect(await run('create', '--slug', 'acme', '--name', 'Again')).toEqual({
      code: 1,
      out: [],
      err: ["error: organization 'acme' already exists"],
    })
  })

  test('org create refuses an invalid slug', async () => {
    const r = await run('create', '--slug', 'Not Valid', '--name', 'X')
    expect(r.code).toBe(1)
    expect(r.err[0]).toStartWith("error: slug 'Not Valid' must match")
  })

  test('org create needs --slug and --name, and a known plan (usage errors)', async () => {
    await expect(run('create', '--name', 'X')).rejects.toThrow('missing --slug')
    await expect(run('create', '--slug', 'x', '--name', 'X', '--plan', 'gold')).rejects.toThrow(
      'plan must be one of',
    )
    await expect(run('create', '--slug', 'x', '--bogus')).rejects.toThrow('unknown option --bogus')
  })

  test('an unknown subcommand is named before the usage; usage errors carry the error: prefix', async () => {
    const ctx = cliContext(null)
    expect(await runCli(['org', 'crate'], ctx)).toBe(2)
    expect(ctx.err[0]).toStartWith("error: unknown command 'org crate'\nusage:\n  org create --slug SLUG")
    const bare = cliContext(null)
    expect(await runCli(['org'], bare)).toBe(2)
    expect(bare.err[0]).toStartWith('usage:\n  org create')
  })

  test('org set-plan changes plan and status and notifies API-client caches', async () => {
    const { promise: heard, resolve } = Promise.withResolvers<string>()
    const unlisten = await database().listen(CLIENTS_CHANNEL, resolve)
    try {
      const r = await run('set-plan', 'acme', 'pro', '--status', 'past_due')
      expect(r).toEqual({ code: 0, out: ["organization 'acme' updated: plan pro, past_due"], err: [] })
      expect(await heard).toMatch(/^org:[0-9a-f-]{36}$/)
    } finally {
      await unlisten()
    }
  })

  test('org set-plan refuses an unknown organization', async () => {
    expect(await run('set-plan', 'nobody', 'pro')).toEqual({
      code: 1,
      out: [],
      err: ["error: organization 'nobody' does not exist"],
    })
  })

  test('org list shows every organization', async () => {
    // The file's one organization, in the state this test sets (it also runs alone with -t).
    await run('create', '--slug', 'acme', '--name', 'Acme')
    await run('set-plan', 'acme', 'pro', '--status', 'past_due')
    expect((await run('list')).out).toEqual(['acme\tpro\tpast_due\tAcme'])
  })

  test('an unknown subcommand is a usage error', async () => {
    await expect(run('destroy')).rejects.toThrow('usage:')
  })
})

describe('org prefix', () => {
  test('adds, lists and removes an organization’s GS1 Company Prefixes; refuses an overlap and a bad prefix', async () => {
    await run('create', '--slug', 'pfx', '--name', 'Prefixed')
    await run('create', '--slug', 'pfx-other', '--name', 'Other')
    expect(await run('prefix', 'list', 'pfx')).toEqual({
      code: 0,
      out: ['(no company prefixes: entries are not checked)'],
      err: [],
    })
    expect(await run('prefix', 'add', 'pfx', '4012345', '--json')).toEqual({
      code: 0,
      out: ['{"companyPrefixes":["4012345"]}'],
      err: [],
    })
    expect(await run('prefix', 'add', 'pfx-other', '401234')).toEqual({
      code: 1,
      out: [],
      err: ["error: 401234 overlaps 4012345 of organization 'pfx'"],
    })
    expect((await run('prefix', 'add', 'pfx', '12')).err).toEqual([
      'error: a GS1 Company Prefix has 4 to 12 digits; "12" has not',
    ])
    expect(await run('prefix', 'remove', 'pfx', '4012345')).toEqual({
      code: 0,
      out: ['(no company prefixes: entries are not checked)'],
      err: [],
    })
    expect((await run('prefix', 'list', 'nobody')).err).toEqual([
      "error: organization 'nobody' does not exist",
    ])
    await expect(run('prefix', 'add', 'pfx')).rejects.toThrow('usage: org prefix')
    await expect(run('prefix', 'swap', 'pfx', '1234')).rejects.toThrow('usage: org prefix')
  })
})
