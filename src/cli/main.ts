/** The admin CLI entry: `bun run cli <command> …`. Reads the configuration once and dispatches. */
import { readConfig } from '../app/config.ts'
import { openConfiguredDatabase } from '../db/open.ts'
import { USAGE as CATALOG_USAGE, runCatalogCommand } from './catalog.ts'
import { USAGE as CLIENT_USAGE, runClientCommand } from './clients.ts'
import { USAGE as CODES_USAGE, runCodesCommand } from './codes.ts'
import {
  type CliCommand,
  type CliContext,
  EXIT,
  exitOnUncaught,
  failureLine,
  UsageError,
  usageText,
} from './context.ts'
import { USAGE as DOMAIN_USAGE, runDomainCommand } from './domains.ts'
import { USAGE as EPC_USAGE, runEpcCommand } from './epc.ts'
import { USAGE as KEYS_USAGE, runKeysCommand } from './keys.ts'
import { USAGE as ORG_USAGE, runOrgCommand } from './orgs.ts'
import { runSeedCommand, USAGE as SEED_USAGE } from './seed.ts'
import { runUserCommand, USAGE as USER_USAGE } from './users.ts'

/** A command group: what it is for, its forms with every option, and how it runs. */
interface Command {
  readonly about: string
  readonly usage: readonly string[]
  readonly run: CliCommand
}

const COMMANDS: Record<string, Command> = {
  org: {
    about: 'organizations, subscription plans, GS1 Company Prefixes',
    usage: ORG_USAGE,
    run: runOrgCommand,
  },
  client: {
    about: 'API clients',
    usage: CLIENT_USAGE,
    run: runClientCommand,
  },
  user: { about: 'people of the dashboard', usage: USER_USAGE, run: runUserCommand },
  domain: { about: "brands' custom domains", usage: DOMAIN_USAGE, run: runDomainCommand },
  keys: { about: 'token signing keys', usage: KEYS_USAGE, run: runKeysCommand },
  catalog: {
    about: 'the catalog file, and GS1 Resolver CE data',
    usage: CATALOG_USAGE,
    run: runCatalogCommand,
  },
  seed: { about: 'the demo catalog, demo API client and demo owner', usage: SEED_USAGE, run: runSeedCommand },
  codes: { about: 'bulk codes for label printing (JSONL or CSV)', usage: CODES_USAGE, run: runCodesCommand },
  epc: {
    about: 'EPC binary (eh…/ex…) debugging',
    usage: EPC_USAGE,
    run: (args, ctx) => runEpcCommand(args, ctx.io),
  },
}

const HELP = [
  'usage: bun run cli <command> … (bun run cli <command> --help: that command alone)',
  ...Object.values(COMMANDS).flatMap((c) => ['', `${c.about}:`, ...c.usage.map((form) => `  ${form}`)]),
].join('\n')

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
  if (args.includes('--help') || args.includes('-h')) {
    ctx.io.out(usageText(command.usage))
    return EXIT.ok
  }
  try {
    return await command.run(args, ctx)
  } catch (error) {
    if (error instanceof UsageError) {
      const message = error.message
      ctx.io.err(message.startsWith('usage:') ? message : `error: ${message}\n${usageText(command.usage)}`)
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
