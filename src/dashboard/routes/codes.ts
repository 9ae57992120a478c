/**
 * The Codes page: a product, its qualifiers and attributes → Digital Link URI, element string, HRI, QR / Data Matrix;
 * and a CSV of many codes → a ZIP of SVG, PNG or PDF files.
 */

import type { Mode } from '../../gs1/index.ts'
import { createRenderer } from '../../render/index.ts'
import { brandRefs } from '../../services/catalog/brands.ts'
import { getProduct } from '../../services/catalog/products.ts'
import { generate, RENDER_OPTIONS } from '../../services/codes/generate.ts'
import { BATCH_SCRIPT, batchZip, readBatchForm } from '../code-batch.ts'
import { type CodeForm, codeDefinition, readCodeForm } from '../code-form.ts'
import type { Access, OrgContext } from '../context.ts'
import { pageAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { type CodeOutcome, codesPage } from '../views/codes.ts'

const viewer = { access: 'org', role: 'viewer', section: 'codes' } as const

export const CODE_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs/:org/codes', handler: { ...viewer, budget: 'drawing', handle: page } },
  {
    method: 'GET',
    pattern: '/orgs/:org/codes/svg',
    handler: { ...viewer, budget: 'drawing', handle: download },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/codes/batch',
    handler: { ...viewer, uploads: true, budget: 'drawing', handle: batch },
  },
  { method: 'GET', pattern: '/orgs/:org/codes/batch.js', handler: { ...viewer, handle: batchScript } },
]

/** The same bounded SVG cache as the API's renderer, for the dashboard's previews and downloads. */
const render = createRenderer()

/** Works out the code of the form, for one of the organization's products. */
async function outcomeOf(ctx: OrgContext, form: CodeForm): Promise<CodeOutcome> {
  const stored = await getProduct(ctx.deps.database.db, ctx.membership.organization.id, form.gtin)
  if (stored === null) return { kind: 'no_product' }
  const brand = (await brandRefs(ctx.deps.database.db, ctx.membership.organization.id)).find(
    (b) => b.slug === stored.product.brand,
  )
  const custom =
    brand?.customDomainActive && brand.customDomain
      ? `${ctx.deps.config.customDomainScheme}://${brand.customDomain}`
      : null
  const stems = { resolver: ctx.deps.config.resolverUrl, short: ctx.deps.config.shortUrl, custom, none: null }
  const stem = form.host === 'custom' && custom === null ? ctx.deps.config.resolverUrl : stems[form.host]
  const generated = generate(codeDefinition({ ...form, gtin: stored.product.gtin }, stem), RENDER_OPTIONS)
  const name = stored.product.names[stored.product.defaultLanguage] ?? stored.product.slug
  if (!generated.ok) return { kind: 'invalid', errors: generated.errors, name, customDomain: custom }
  const result = generated.result
  const svg = render(result, result.mode as Mode, result.errorCorrectionLevel)
  const warnings = codeWarnings(stored.product, form, custom !== null)
  return { kind: 'code', result, svg, name, customDomain: custom, warnings }
}

/** What would make a scan of this code fail, or differ from what the form asked: said beside the code. */
function codeWarnings(
  product: { readonly published: boolean; readonly pages: readonly { readonly linkType: string }[] },
  form: CodeForm,
  customActive: boolean,
): string[] {
  const warnings: string[] = []
  if (form.host === 'none') return warnings
  if (!product.published)
    warnings.push(
      'This product is not published: scans of this code answer “not found” until you publish it.',
    )
  if (form.linkType !== '' && !product.pages.some((p) => p.linkType === form.linkType))
    warnings.push(
      `The product has no page of link type ${form.linkType}: scans of this code answer “not found” until it has one.`,
    )
  if (form.host === 'custom' && !customActive)
    warnings.push("The brand has no active custom domain, so this code uses the resolver's host.")
  return warnings
}

async function page(ctx: OrgContext): Promise<Response> {
  const form = readCodeForm(ctx.query)
  const outcome = form.gtin === '' ? null : await outcomeOf(ctx, form)
  const status = outcome === null || outcome.kind === 'code' ? 200 : 422
  return pageAnswer(
    ctx.https,
    codesPage(ctx, { form, outcome, batch: readBatchForm(new URLSearchParams()) }),
    {
      status,
    },
  )
}

/** The CSV as a ZIP; a refused file or size shows the page again with what is wrong. */
async function batch(ctx: OrgContext): Promise<Response> {
  const batchForm = readBatchForm(ctx.form)
  const answer = await batchZip(ctx, batchForm)
  if (answer.kind === 'zip') return answer.response
  const page = codesPage(ctx, {
    form: readCodeForm(new URLSearchParams()),
    outcome: null,
    batch: batchForm,
    problems: answer.problems,
  })
  return pageAnswer(ctx.https, page, { status: 422 })
}

/** The bulk form's progress script (served here, for the Codes page only; `script-src 'self'` allows it). */
function batchScript(): Response {
  return new Response(BATCH_SCRIPT, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  })
}

/** `09506000134352-lot-L42-serial-S7-qr.svg`: the GTIN, lot and serial of the code, safe as a file name. */
export function downloadName(gtin: string, form: CodeForm): string {
  const safe = (value: string) => value.replace(/[^A-Za-z0-9-]/g, '_')
  const lot = form.lot ? `-lot-${safe(form.lot)}` : ''
  const serial = form.serial ? `-serial-${safe(form.serial)}` : ''
  return `${gtin}${lot}${serial}-${form.symbol}.svg`
}

/** The symbol as an SVG file. */
async function download(ctx: OrgContext): Promise<Response> {
  const form = readCodeForm(ctx.query)
  const outcome = await outcomeOf(ctx, form)
  if (outcome.kind !== 'code' || outcome.svg === null) return page(ctx)
  const name = downloadName(outcome.result.primaryKey.value, form)
  return new Response(outcome.svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
}
