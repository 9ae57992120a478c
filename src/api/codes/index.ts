/** The code feature for `createApp`: single, batch and render operations. */
import { type CodeRoutesDeps, codeRoutes } from './routes.ts'

export { type CompanyPrefixReader, companyPrefixReader } from '../../services/codes/company-prefixes.ts'
export { generate, generateBatch } from '../../services/codes/generate.ts'
export { MAX_BATCH } from './model.ts'
export { CODE_PATH, CODES_PATH, type CodeRoutesDeps, RENDER_BATCH_PATH, RENDER_PATH } from './routes.ts'
export { type CodeWork, inlineCodeWork, pooledCodeWork, QUEUE_PER_THREAD } from './work.ts'
export {
  type CodeWorkLimiter,
  type CodeWorkLimits,
  createCodeWorkLimiter,
  DEFAULT_CODE_WORK_LIMITS,
} from './work-limit.ts'

/** `createApp(deps, [authFeature(…), codesFeature({ auth, work, limiter, companyPrefixes }), …])`. */
export function codesFeature(deps: CodeRoutesDeps) {
  return codeRoutes(deps)
}
