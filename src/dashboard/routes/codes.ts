/**
 * The Codes page: a product, or an item of another key or a value a prefix rule answers (DESIGN §12), its qualifiers
 * and attributes → Digital Link URI, element string, HRI, QR / Data Matrix, and its SVG, PNG or PDF file; a CSV of
 * many codes → a ZIP of SVG, PNG or PDF files.
 */

import { describeEntry, entryId, GTIN_KEY, isGtinEntry, isRuleEntry } from '../../catalog/entry-id.ts'
import type { CodeResult, Issue, Mode } from '../../gs1/index.ts'
import {
  checkPrint,
  createRenderer,
  FORMAT_TYPES,
  type Format,
  planSize,
  symbolFor,
  targetOf,
} from '../../render/index.ts'
import { brandRefs } from '../../services/catalog/brands.ts'
import { prefixesOf } from '../../services/catalog/company-prefixes.ts'
import { answeringId } from '../../services/catalog/entries.ts'
import { getProduct, listProducts } from '../../services/catalog/products.ts'
import type { CanonicalProduct } from '../../services/catalog/rows.ts'
import { generate, RENDER_OPTIONS } from '../../services/codes/generate.ts'
import { inlineRenderWork } from '../../services/codes/render-zip.ts'
import {
  BATCH_SCRIPT,
  type BatchForm,
  batchZip,
  FORMATS,
  type RowCatalog,
  readBatchForm,
} from '../code-batch.ts'
import {
  type CodeForm,
  catalogValue,
  codeDefinition,
  downloadName,
  type LinkStems,
  printOf,
  readCodeForm,
  stemOf,
} from '../code-form.ts'
import type { Access, OrgContext } from '../context.ts'
import { storedById } from '../entry-store.ts'
import { attachment, pageAnswer } from '../http.ts'
import { printOptionsOf } from '../print-form.ts'
import type { RouteDefinition } from '../router.ts'
import { type CodeOutcome, codesPage, type PrintProblems } from '../views/codes.ts'
import { pathOfEntry } from '../views/editor-subject.ts'
import { ERRORS, errorBody } from '../views/errors.ts'
import { defaultName } from '../views/format.ts'

const viewer = { access: 'org', role: 'viewer', section: 'codes' } as const

export const CODE_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs/:org/codes', handler: { ...viewer, budget: 'drawing', handle: page } },
  ...FORMATS.map(
    (format): RouteDefinition<Access> => ({
      method: 'GET',
      pattern: `/orgs/:org/codes/${format}`,
      handler: { ...viewer, budget: 'drawing', handle: printedFile(format) },
    }),
  ),
  {
    method: 'POST',
    pattern: '/orgs/:org/codes/batch',
    handler: { ...viewer, uploads: true, budget: 'drawing', handle: batch },
  },
  { method: 'GET', pattern: '/orgs/:org/codes/batch.js', handler: { ...viewer, handle: batchScript } },
  { method: 'GET', pattern: '/orgs/:org/codes/template.csv', handler: { ...viewer, handle: batchTemplate } },
]

/** The same bounded SVG cache as the API's renderer, for the dashboard's previews. */
const render = createRenderer()

/** The code of the form, and the definition it was generated from (null when there is none). */
interface Made {
  readonly outcome: CodeOutcome
  readonly definition: Record<string, unknown> | null
  /** What it was generated with beyond the definition: the organization's prefixes when it compresses. */
  readonly context: { readonly companyPrefixes?: readonly string[] }
}

/** The organization's entry a code's key and value open (a product, an item, or the longest prefix rule). */
interface AnsweringId {
  readonly id: string
  /** The value as the code carries it: a GTIN in 14 digits, another key's value as typed. */
  readonly value: string
}

interface Answering extends AnsweringId {
  readonly product: CanonicalProduct
}

/**
 * The entry that answers scans of a key's value in the organization's catalog, as the resolver finds it (DESIGN §12):
 * the product of a GTIN, or the item of another key's value, else the rule of the value's longest prefix. A value its
 * key refuses opens none; the generator then says why. One query.
 */
async function answeringIdOf(ctx: OrgContext, key: string, typed: string): Promise<AnsweringId | null> {
  const value = catalogValue(key, typed)
  if (value === null) return null
  const id = await answeringId(ctx.deps.database.db, ctx.membership.organization.id, key, value)
  return id === null ? null : { id, value }
}

/** The organization's entry with this identity (a product, an item or a prefix rule), in the products' shape. */
async function entryById(ctx: OrgContext, id: string): Promise<CanonicalProduct | null> {
  if (isGtinEntry(id))
    return (await getProduct(ctx.deps.database.db, ctx.membership.organization.id, id))?.product ?? null
  return (await storedById(ctx, isRuleEntry(id) ? 'rule' : 'item', id))?.product ?? null
}

/**
 * What a request asks of the catalog more than once (the form's entry and the brands' domains, for its default host,
 * its code and the bulk form), asked once per request.
 */
const askedIn = new WeakMap<OrgContext, Map<string, Promise<unknown>>>()

function onceIn<T>(ctx: OrgContext, question: string, ask: () => Promise<T>): Promise<T> {
  const asked = askedIn.get(ctx) ?? new Map<string, Promise<unknown>>()
  askedIn.set(ctx, asked)
  const known = (asked.get(question) as Promise<T> | undefined) ?? ask()
  asked.set(question, known)
  return known
}

/** The entry that answers the form's key and value (see `answeringIdOf`), or null. */
function answeringEntry(ctx: OrgContext, form: CodeForm): Promise<Answering | null> {
  return onceIn(ctx, `entry ${form.key}/${form.value}`, async () => {
    const answering = await answeringIdOf(ctx, form.key, form.value)
    const product = answering === null ? null : await entryById(ctx, answering.id)
    return answering === null || product === null ? null : { ...answering, product }
  })
}

/** The link origins of the brands' active custom domains, by brand. One query a request. */
function customStemsOf(ctx: OrgContext): Promise<ReadonlyMap<string, string>> {
  return onceIn(ctx, 'custom stems', async () => {
    const brands = await brandRefs(ctx.deps.database.db, ctx.membership.organization.id)
    const scheme = ctx.deps.config.customDomainScheme
    return new Map(
      brands.flatMap((b) =>
        b.customDomainActive && b.customDomain ? [[b.slug, `${scheme}://${b.customDomain}`] as const] : [],
      ),
    )
  })
}

/**
 * The form of the query with its link host: the one chosen, else the brand's custom domain where it is active (a code
 * printed with the resolver's host adds a redirect to it to every scan), else the resolver's host.
 */
async function readForm(ctx: OrgContext, query: URLSearchParams = ctx.query): Promise<CodeForm> {
  const form = readCodeForm(query)
  if (query.has('host')) return form
  return (await linksToCustomByDefault(ctx, form)) ? { ...form, host: 'custom' } : form
}

/**
 * Whether the form's code links to a custom domain unless another host is chosen: the brand of the entry its value
 * opens has an active one, or, with no such entry (yet), a brand of the organization has.
 */
async function linksToCustomByDefault(ctx: OrgContext, form: CodeForm): Promise<boolean> {
  const customStems = await customStemsOf(ctx)
  if (customStems.size === 0) return false
  const entry = form.value === '' ? null : await answeringEntry(ctx, form)
  return entry === null || customStems.has(entry.product.brand)
}

/** The bulk form as the page first shows it: its rows link to their brands' custom domains when one is active. */
async function newBatchForm(ctx: OrgContext): Promise<BatchForm> {
  const batch = readBatchForm(new URLSearchParams())
  return (await customStemsOf(ctx)).size === 0 ? batch : { ...batch, host: 'custom' }
}

/** The single form's catalog questions, for the rows of the bulk form. */
function rowCatalog(ctx: OrgContext): RowCatalog {
  return {
    answering: async (key, value) => (await answeringIdOf(ctx, key, value))?.id ?? null,
    async stems(id, custom) {
      if (!custom) return linkStems(ctx, null)
      const brand = (await entryById(ctx, id))?.brand
      return linkStems(ctx, brand === undefined ? null : ((await customStemsOf(ctx)).get(brand) ?? null))
    },
  }
}

/** The hosts a code of this brand may link to. */
function linkStems(ctx: OrgContext, custom: string | null): LinkStems {
  return { resolver: ctx.deps.config.resolverUrl, short: ctx.deps.config.shortUrl, custom }
}

/** Works out the code of the form, for one of the organization's entries; its SVG too unless `svg` is false. */
async function outcomeOf(ctx: OrgContext, form: CodeForm, svg = true): Promise<Made> {
  // The value's format and check digit first: a typing slip is said as such, not as a value no entry answers.
  const refused = valueRefusal(ctx, form)
  if (refused !== null) return { outcome: refused, definition: null, context: {} }
  const entry = await answeringEntry(ctx, form)
  if (entry === null) return { outcome: { kind: 'no_product', key: form.key }, definition: null, context: {} }
  const { product, value } = entry
  const custom = (await customStemsOf(ctx)).get(product.brand) ?? null
  const definition = codeDefinition({ ...form, value }, stemOf(form.host, linkStems(ctx, custom)))
  const context = await prefixesFor(ctx, form)
  const generated = generate(definition, { ...RENDER_OPTIONS, ...context })
  const name = defaultName(product) ?? product.slug
  if (!generated.ok) {
    return {
      outcome: { kind: 'invalid', errors: generated.errors, name, customDomain: custom },
      definition,
      context,
    }
  }
  const result = generated.result
  const drawn = svg ? render(result, result.mode as Mode, result.errorCorrectionLevel) : null
  const noun = isRuleEntry(entry.id) ? 'prefix rule' : form.key === GTIN_KEY ? 'product' : 'item'
  const warnings = codeWarnings(product, noun, form, custom !== null)
  const printProblems = problemsOfPrint(result, form)
  const answeredBy = {
    label: `${noun === 'product' ? '' : `${noun} `}${describeEntry(entry.id)}`,
    path: pathOfEntry(ctx.membership.organization.slug, entry.id),
  }
  return {
    outcome: {
      kind: 'code',
      result,
      svg: drawn,
      name,
      answeredBy,
      customDomain: custom,
      warnings,
      printProblems,
    },
    definition,
    context,
  }
}

/** The organization's GS1 Company Prefixes when the form compresses: fixed-length EPC schemes may then be shorter. */
async function prefixesFor(
  ctx: OrgContext,
  form: CodeForm,
): Promise<{ companyPrefixes?: readonly string[] }> {
  if (form.compression === '') return {}
  return { companyPrefixes: await prefixesOf(ctx.deps.database.db, ctx.membership.organization.id) }
}

/** A value its key refuses (a wrong check digit, a character or length it cannot have), said as the generator says it. */
function valueRefusal(ctx: OrgContext, form: CodeForm): CodeOutcome | null {
  const generated = generate(codeDefinition(form, ctx.deps.config.resolverUrl), RENDER_OPTIONS)
  if (generated.ok) return null
  const errors = generated.errors.filter((e) => e.path?.startsWith('primaryKey'))
  if (errors.length === 0) return null
  return { kind: 'invalid', errors, name: describeEntry(entryId(form.key, form.value)), customDomain: null }
}

/**
 * Why the form's print size gives no SVG, PNG or PDF of the code, as far as it is known before drawing: the fields,
 * the GS1 table's range for the symbol, and for PNG a module of whole pixels at the resolution (`POST /render`'s
 * checks).
 */
function problemsOfPrint(result: CodeResult, form: CodeForm): PrintProblems {
  const read = printOptionsOf(printOf(form))
  if (!read.ok) return { svg: read.errors, pdf: read.errors, png: read.errors }
  const target = targetOf(symbolFor(result, result.mode as Mode, result.errorCorrectionLevel))
  const checked = checkPrint(read.options, target)
  if (checked.length > 0) return { svg: checked, pdf: checked, png: checked }
  const planned = planSize(read.options, target, 1, 'png')
  return { svg: [], pdf: [], png: planned.ok ? [] : planned.errors }
}

/** What would make a scan of this code fail, or differ from what the form asked: said beside the code. */
function codeWarnings(
  product: { readonly published: boolean; readonly pages: readonly { readonly linkType: string }[] },
  noun: string,
  form: CodeForm,
  customActive: boolean,
): string[] {
  const warnings: string[] = []
  if (form.host === 'none') return warnings
  if (!product.published)
    warnings.push(
      `This ${noun} is not published: scans of this code answer “not found” until you publish it.`,
    )
  if (form.linkType !== '' && !product.pages.some((p) => p.linkType === form.linkType))
    warnings.push(
      `The ${noun} has no page of link type ${form.linkType}: scans of this code answer “not found” until it has one.`,
    )
  if (form.host === 'custom' && !customActive)
    warnings.push("The brand has no active custom domain, so this code uses the resolver's host.")
  return warnings
}

/**
 * The page with the form's code; `drawing` is why its file was not drawn (a download refused while drawing, such as a
 * PNG over the most pixels), said with the print size's other problems.
 */
async function page(ctx: OrgContext, drawing: { format: Format; errors: readonly Issue[] } | null = null) {
  const form = await readForm(ctx)
  const made = form.value === '' ? null : (await outcomeOf(ctx, form)).outcome
  const outcome =
    made?.kind === 'code' && drawing !== null
      ? {
          ...made,
          printProblems: { ...made.printProblems, [drawing.format]: drawing.errors },
        }
      : made
  const refused =
    outcome !== null &&
    (outcome.kind !== 'code' || FORMATS.some((format) => outcome.printProblems[format].length > 0))
  const batch = await newBatchForm(ctx)
  return pageAnswer(ctx.https, codesPage(ctx, { form, outcome, batch }), { status: refused ? 422 : 200 })
}

/** The CSV as a ZIP; a refused file or size shows the page again with what is wrong. */
async function batch(ctx: OrgContext): Promise<Response> {
  const batchForm = readBatchForm(ctx.form)
  const answer = await batchZip(ctx, batchForm, rowCatalog(ctx))
  if (answer.kind === 'zip') return answer.response
  const page = codesPage(ctx, {
    form: await readForm(ctx, new URLSearchParams()),
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

/** A GTIN the template's rows carry when the organization has no product yet. */
const EXAMPLE_GTIN = '09506000134352'

/**
 * A CSV file to start the bulk form from: its header and two rows of the organization's first product (by GTIN) that
 * the form's link and symbol complete.
 */
async function batchTemplate(ctx: OrgContext): Promise<Response> {
  const { items } = await listProducts(ctx.deps.database.db, ctx.membership.organization.id, { limit: 1 })
  const gtin = items[0]?.gtin ?? EXAMPLE_GTIN
  const rows = [
    'reference,primaryKey,ais,mode,digitalLinkStem',
    `label-1,(01)${gtin},(10)LOT1(21)S1,,`,
    `label-2,(01)${gtin},(10)LOT1(21)S2,,`,
  ]
  return new Response(`${rows.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachment('codes-template.csv'),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/** A code's file: saved under its name (`downloadName`), never cached, never run as a page. */
function fileAnswer(
  body: string | Uint8Array<ArrayBuffer>,
  format: Format,
  result: CodeResult,
  form: CodeForm,
) {
  return new Response(body, {
    headers: {
      'content-type': FORMAT_TYPES[format],
      'content-disposition': attachment(downloadName(result, form.symbol, format)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
}

/**
 * The symbol as an SVG, PNG or PDF file at the form's print size (with its HRI when asked), with `POST /render`'s
 * defaults for what it leaves empty, drawn by the code work's threads as the API draws it. What keeps it from being
 * drawn is said on the page (422).
 */
function printedFile(format: Format) {
  return async (ctx: OrgContext): Promise<Response> => {
    const form = await readForm(ctx)
    const print = printOptionsOf(printOf(form))
    const { outcome, definition, context } = await outcomeOf(ctx, form, false)
    if (
      outcome.kind !== 'code' ||
      definition === null ||
      !print.ok ||
      outcome.printProblems[format].length > 0
    )
      return page(ctx)
    const work = ctx.deps.renderWork ?? inlineRenderWork()
    const chunk = { items: [definition], start: 0, base: print.options, format, ...context }
    const drawn = await work.renderChunk(chunk)
    if (!drawn.ok) {
      const busy = drawn.reason === 'busy'
      const view = busy ? ERRORS.busy : ERRORS.internal
      const headers: Record<string, string> = busy ? { 'retry-after': '1' } : {}
      return pageAnswer(ctx.https, errorBody(view), { status: view.status, headers })
    }
    const [item] = drawn.value
    if (item?.file == null) return page(ctx, { format, errors: item?.errors ?? [] })
    return fileAnswer(item.file.bytes, format, outcome.result, form)
  }
}
