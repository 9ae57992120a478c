/** Standalone resolver on Node through srvx; Node 20 runs it bundled: `bun build --target node src/resolver/serve-node.ts`. */
import { readFile } from 'node:fs/promises'
import { serve } from 'srvx'
import { listenOrExit } from '../app/listen.ts'
import { standaloneOrExit } from './standalone.ts'

const { port, resolver } = await standaloneOrExit(process.env, (path) => readFile(path, 'utf8'), process.exit)
const server = await listenOrExit(
  'resolver',
  port,
  () => serve({ port, fetch: resolver, silent: true }).ready(),
  process.exit,
)
console.log(`resolver listening on port ${new URL(server.url ?? 'http://localhost').port}`)
