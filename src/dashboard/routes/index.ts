/** Every route of the dashboard, in one table. */
import type { Access } from '../context.ts'
import type { RouteDefinition } from '../router.ts'
import { ACCOUNT_ROUTES } from './account.ts'
import { AUDIT_ROUTES } from './audit.ts'
import { AUTH_ROUTES } from './auth.ts'
import { BRAND_ROUTES } from './brands.ts'
import { CATALOG_ROUTES } from './catalog.ts'
import { CLIENT_ROUTES } from './clients.ts'
import { CODE_ROUTES } from './codes.ts'
import { ENTRY_ROUTES } from './entries.ts'
import { MEMBER_ROUTES } from './members.ts'
import { OVERVIEW_ROUTES } from './overview.ts'
import { PRODUCT_ROUTES } from './products.ts'
import { SCAN_ROUTES } from './scans.ts'

export const DASHBOARD_ROUTES: readonly RouteDefinition<Access>[] = [
  ...AUTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...OVERVIEW_ROUTES,
  ...PRODUCT_ROUTES,
  ...ENTRY_ROUTES,
  ...CATALOG_ROUTES,
  ...CODE_ROUTES,
  ...SCAN_ROUTES,
  ...CLIENT_ROUTES,
  ...MEMBER_ROUTES,
  ...BRAND_ROUTES,
  ...AUDIT_ROUTES,
]
