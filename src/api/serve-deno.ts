/** The code API on Deno: `deno run -A --node-modules-dir=manual src/api/serve-deno.ts`, same environment as `bun run start`. */
import { createService } from '../app/boot.ts'
import { guardPort } from '../app/ports.ts'
import { startFromEnvironment } from '../app/startup.ts'
import { createStdoutLogger } from '../lib/log.ts'
import { rememberPeer } from '../security/client-address.ts'

/** The part of the Deno namespace this entry uses (the project type-checks with Bun's types). */
declare const Deno: {
  env: { toObject(): Record<string, string> }
  exit(code: number): never
  addSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void
  serve(
    options: {
      port: number
      hostname?: string
      onListen?: (address: { hostname: string; port: number }) => void
    },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> }
}

const env = Deno.env.toObject()
const { config, environmentKey, database } = await startFromEnvironment(env, Deno.exit)
const service = await createService({
  config,
  database,
  logger: createStdoutLogger(),
  clock: Date.now,
  environmentKey,
})
// API_HOSTNAME narrows the listening address (tests bind to loopback); all interfaces otherwise, as on Bun.
// The 8 KiB URL limit and a constant 500, as on Bun; the peer address for the token rate limit (SECURITY.md).
const guarded = guardPort('api', service.api)
const server = Deno.serve(
  {
    port: config.apiPort,
    hostname: env.API_HOSTNAME || '0.0.0.0',
    onListen: ({ hostname, port }) => console.log(`api listening on http://${hostname}:${port}`),
  },
  (request, info) => {
    rememberPeer(request, info.remoteAddr.hostname)
    return guarded(request)
  },
)

async function shutdown() {
  await server.shutdown()
  await service.close()
  await database.close()
  Deno.exit(0)
}
Deno.addSignalListener('SIGTERM', () => void shutdown())
Deno.addSignalListener('SIGINT', () => void shutdown())
