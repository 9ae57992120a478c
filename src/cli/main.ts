/** The admin CLI entry: `bun run cli <command> …`. Reads the configuration once and dispatches. */
import { readConfig } from '../app/config.ts'
import { openConfiguredDatabase } from '../db/open.ts'
import { runCatalogCommand } from './catalog.ts'
import { runClientCommand } from './clients.ts'
import { runCodesCommand } from './codes.ts'
import { type CliCommand, type CliContext, EXIT, exitOnUncaught, failureLine, UsageError } from './context.ts'
import { runDomainCommand } from './domains.ts'
import { runEpcCommand } from './epc.ts'
import { runKeysCommand } from './keys.ts'
import { runOrgCommand } from './orgs.ts'
import { runSeedCommand } from './seed.ts'
import { runUserCommand } from './users.ts'

const COMMANDS: Record<string, CliCommand> = {
  org: runOrgCommand,
  client: runClientCommand,
  user: runUserCommand,
  domain: runDomainCommand,
  keys: runKeysCommand,
  catalog: runCatalogCommand,
  seed: runSeedCommand,
  codes: runCodesCommand,
  epc: (args, ctx) => runEpcCommand(args, ctx.io),
}

const HELP = `usage: bun run cli <command>
  org create | set-plan | list | prefix   organizations, subscription plans, GS1 Company Prefixes
  client create | list | block | unblock | delete
  user create | list | disable | reset-password   people of the dashboard
  domain list [--pending] | activate | deactivate DOMAIN  brands' custom domains
  keys rotate | list                  token signing keys
  catalog import FILE | export --org  the catalog file
  catalog import --from gs1-resolver-ce --org SLUG --brand SLUG FILE  GS1 Resolver CE data as products
  seed demo                           demo catalog and demo API client
  codes generate --in FILE [--svg DIR] [--out FILE]  bulk codes for label printing (JSONL or CSV)
  epc decode SEGMENT | encode LINK    EPC binary (eh…/ex…) debugging`

/** Runs one command line; returns the exit code. Never prints a stack trace. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const [name, ...args] = argv
  if (name === '--help' || name === '-h' || name === 'help') {
    ctx.io.out(HELP)
    return EXIT.ok
  }
  const command = name === undefined ? undefined : COMMANDS[name]
  if (command === undefined) {
    ctx.io.err(name === undefined ? HELP : `error: unknown command '${name}'\n${HELP}`)
    return EXIT.usage
  }
  try {
    return await command(args, ctx)
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.io.err(error.message.startsWith('usage:') ? error.message : `error: ${error.message}`)
      return EXIT.usage
    }
    ctx.io.err(failureLine(error))
    return EXIT.refused
  }
}

if (import.meta.main) {
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) }
  exitOnUncaught(io.err, process.exit)
  const loaded = readConfig(process.env)
  if (!loaded.ok) {
    for (const e of loaded.errors) io.err(`config error: ${e}`)
    process.exit(EXIT.usage)
  }
  const config = loaded.config
  const ctx: CliContext = {
    io,
    config,
    clock: Date.now,
    async withDatabase(fn) {
      // No statement timeout: an import of a large catalog may run long statements.
      const database = await openConfiguredDatabase(config, { applicationName: 'gs1-dl cli' })
      try {
        return await fn(database)
      } finally {
        await database.close()
      }
    },
  }
  process.exit(await runCli(process.argv.slice(2), ctx))
}
