/** The code feature for `createApp`: single, batch and render operations. */
import type { Elysia } from 'elysia'
import { type CodeRoutesDeps, codeRoutes } from './routes.ts'

export { MAX_BATCH } from './model.ts'
export { CODE_PATH, CODES_PATH, type CodeRoutesDeps, RENDER_PATH } from './routes.ts'
export { generate, generateBatch } from './service.ts'

/** `createApp(deps, [authFeature(…), codesFeature({ auth }), …])`. */
export function codesFeature(deps: CodeRoutesDeps) {
  return (app: Elysia): Elysia => app.use(codeRoutes(deps)) as unknown as Elysia
}
