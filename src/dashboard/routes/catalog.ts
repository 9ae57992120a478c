/** The catalog file in and out of the dashboard: import (with a dry-run report first) and export. */

import { errorName } from '../../lib/log.ts'
import { serviceHosts } from '../../security/service-hosts.ts'
import { exportCatalogStream } from '../../services/catalog/export.ts'
import { importCatalog } from '../../services/catalog/import.ts'
import { type Access, type OrgContext, organizationScope, userActor } from '../context.ts'
import { pageAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { importPage } from '../views/catalog.ts'

const editor = { access: 'org', role: 'editor', section: 'products' } as const

export const CATALOG_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org/catalog/export',
    handler: { access: 'org', role: 'viewer', section: 'products', budget: 'files', handle: download },
  },
  {
    method: 'GET',
    pattern: '/orgs/:org/catalog/import',
    handler: { ...editor, handle: (ctx: OrgContext) => pageAnswer(ctx.https, importPage(ctx, {})) },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/catalog/import',
    handler: { ...editor, uploads: true, budget: 'files', handle: upload },
  },
]

/** The organization's catalog as a file, in the import format (it imports back unchanged). */
async function download(ctx: OrgContext): Promise<Response> {
  const slug = ctx.membership.organization.slug
  // Streamed a batch of products at a time, as the API's export: a large catalog neither waits whole in memory nor
  // holds the thread while it is read.
  const onError = (error: unknown) =>
    ctx.deps.logger.error('dashboard.error', { path: 'catalog/export', error: errorName(error) })
  const catalog = await exportCatalogStream(ctx.deps.database.db, slug, { pretty: true, onError })
  const day = new Date(ctx.now).toISOString().slice(0, 10)
  return new Response(catalog, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${slug}-catalog-${day}.json"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
}

/** Checks (dry run) or imports an uploaded or pasted catalog file for this organization. */
async function upload(ctx: OrgContext): Promise<Response> {
  const file = ctx.files.get('file')
  const text = file ?? ctx.form.get('text') ?? ''
  // Pasted text that failed stays in its box to be fixed there; an uploaded file's text only after a good check,
  // for the Import button to send (a file that is not JSON would fill the box with its bytes).
  const pasted = file === undefined
  const dryRun = ctx.form.get('action') !== 'import'
  if (text.trim() === '')
    return pageAnswer(ctx.https, importPage(ctx, { problem: 'Choose a catalog file, or paste one.' }), {
      status: 422,
    })
  let input: unknown
  try {
    input = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return pageAnswer(
      ctx.https,
      importPage(ctx, {
        problem: 'The file is not JSON. Export a catalog to see the format.',
        text: pasted ? text : undefined,
      }),
      {
        status: 422,
      },
    )
  }
  const result = await importCatalog(ctx.deps.database.db, input, {
    actor: userActor(ctx),
    scope: organizationScope(ctx),
    dryRun,
    serviceHosts: serviceHosts(ctx.deps.config),
  })
  const keep = result.ok ? dryRun : pasted
  const page = importPage(ctx, { result, dryRun, text: keep ? text : undefined })
  return pageAnswer(ctx.https, page, { status: result.ok ? 200 : 422, changedNothing: dryRun })
}
