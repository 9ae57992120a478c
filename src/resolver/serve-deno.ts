/** Standalone resolver on Deno: `deno run --allow-net --allow-env --allow-read src/resolver/serve-deno.ts`. */
import { listenOrExit } from '../app/listen.ts'
import { standaloneOrExit } from './standalone.ts'

/** The part of the Deno namespace this entry uses (the project type-checks with Bun's types). */
declare const Deno: {
  env: { toObject(): Record<string, string> }
  readTextFile(path: string): Promise<string>
  exit(code: number): never
  serve(
    options: { port: number; onListen?: (address: { port: number }) => void },
    handler: (request: Request) => Promise<Response>,
  ): unknown
}

const { port, resolver } = await standaloneOrExit(Deno.env.toObject(), Deno.readTextFile, Deno.exit)
await listenOrExit(
  'resolver',
  port,
  () =>
    Deno.serve(
      { port, onListen: (address) => console.log(`resolver listening on port ${address.port}`) },
      resolver,
    ),
  Deno.exit,
)
