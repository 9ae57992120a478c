/**
 * The route label of a request, per surface: a small fixed set, so that a crawler's random paths cannot grow the
 * metrics' series. Paths with IDs name their pattern (`/products/{gtin}`), never the ID.
 */
import type { Surface } from '../app/serve-mode.ts'

const API_ROUTES = new Set([
  '/oauth/token',
  '/code',
  '/codes',
  '/render',
  '/brands',
  '/products',
  '/items',
  '/rules',
  '/catalog/import',
  '/catalog/export',
  '/scans',
  '/openapi.json',
  '/docs',
  '/healthz',
  '/readyz',
  '/.well-known/jwks.json',
])

const DASHBOARD_ROUTES = new Set([
  '/',
  '/sign-in',
  '/sign-out',
  '/set-password',
  '/orgs',
  '/account',
  '/healthz',
])

/** An ID-free route name for `path` on `surface`; `other` for anything unknown. */
export function routeLabel(surface: Surface, path: string): string {
  if (surface === 'resolver') return resolverRoute(path)
  if (surface === 'api') {
    if (API_ROUTES.has(path)) return path
    if (path.startsWith('/products/')) return '/products/{gtin}'
    if (path.startsWith('/brands/')) return '/brands/{slug}'
    if (path.startsWith('/items/')) return '/items/{key}/{value}'
    if (path.startsWith('/rules/')) return '/rules/{key}/{prefix}'
    return 'other'
  }
  if (DASHBOARD_ROUTES.has(path)) return path
  if (path.startsWith('/assets/')) return '/assets'
  if (path.startsWith('/invitations/')) return '/invitations'
  if (path.startsWith('/orgs/')) {
    const section = path.split('/')[3]
    return section === undefined || section === '' ? '/orgs/{org}' : `/orgs/{org}/${sectionName(section)}`
  }
  return 'other'
}

const SECTIONS = new Set([
  'products',
  'codes',
  'scans',
  'scans.csv',
  'clients',
  'members',
  'brands',
  'audit',
  'catalog',
  'invitations',
])

function sectionName(section: string): string {
  return SECTIONS.has(section) ? section : 'other'
}

function resolverRoute(path: string): string {
  if (path.startsWith('/01/') || path === '/01') return 'scan'
  // Another GS1 key's link (DESIGN §12): `/{ai}/{value}…`, two to four digits first.
  if (/^\/[0-9]{2,4}\//.test(path)) return 'key scan'
  if (path === '/healthz' || path === '/readyz') return path
  if (path.startsWith('/.well-known/')) return 'description'
  if (/^\/e[hx][^/]*\/?$/i.test(path)) return 'compressed scan'
  // `/{locale}/{brand}/{product}/{page}`: the product pages.
  if (/^\/[a-z]{2}(-[a-z]{2})?\//.test(path)) return 'product page'
  return 'other'
}
