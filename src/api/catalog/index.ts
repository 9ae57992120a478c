/** The catalog feature for `createApp`: brands, products, items, prefix rules, import and export over the API (DESIGN §8, §12). */
import { type CatalogRoutesDeps, catalogRoutes } from './routes.ts'

export {
  BRANDS_PATH,
  type CatalogRoutesDeps,
  EXPORT_PATH,
  IMPORT_PATH,
  ITEMS_PATH,
  PRODUCTS_PATH,
  RULES_PATH,
} from './routes.ts'

/** `createApp(deps, [authFeature(…), codesFeature({ auth }), catalogFeature({ auth, database }), …])`. */
export function catalogFeature(deps: CatalogRoutesDeps) {
  return catalogRoutes(deps)
}
