/** Standalone resolver on Bun: `bun src/resolver/serve.ts` (env: RESOLVER_URL, SHORT_URL, RESOLVER_PORT, CATALOG_FILE). */
import { listenOrExit } from '../app/listen.ts'
import { standaloneOrExit } from './standalone.ts'

const { port, resolver } = await standaloneOrExit(process.env, (path) => Bun.file(path).text(), process.exit)
const server = await listenOrExit('resolver', port, () => Bun.serve({ port, fetch: resolver }), process.exit)
console.log(`resolver listening on port ${server.port}`)
