/** Every route of the dashboard, in one table. */
import type { Access } from '../context.ts'
import type { RouteDefinition } from '../router.ts'
import { ACCOUNT_ROUTES } from './account.ts'
import { AUDIT_ROUTES } from './audit.ts'
import { AUTH_ROUTES } from './auth.ts'
import { BRAND_ROUTES } from './brands.ts'
import { CLIENT_ROUTES } from './clients.ts'
import { MEMBER_ROUTES } from './members.ts'
import { OVERVIEW_ROUTES } from './overview.ts'

export const DASHBOARD_ROUTES: readonly RouteDefinition<Access>[] = [
  ...AUTH_ROUTES,
  ...ACCOUNT_ROUTES,
  ...OVERVIEW_ROUTES,
  ...CLIENT_ROUTES,
  ...MEMBER_ROUTES,
  ...BRAND_ROUTES,
  ...AUDIT_ROUTES,
]
