/**
 * Print options of a render request (format, physical size, resolution, HRI, quiet zone, application) and the size a
 * symbol is drawn at: read from the request body beside the code definition, checked against the GS1 symbol
 * specification tables (`gs1-size-tables.ts`). Pure: no drawing here.
 */
import type { Issue } from '../gs1/index.ts'
import {
  APPLICATIONS,
  type Application,
  CARRIER_NAMES,
  type Carrier,
  carriersOf,
  DEFAULT_APPLICATION,
  mm,
  rangeOf,
  rangeText,
  SIZE_TABLES,
  type XRange,
} from './gs1-size-tables.ts'

export type Format = 'svg' | 'png' | 'pdf'

export const FORMAT_TYPES: Readonly<Record<Format, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
}

/** The body fields that are print options, not part of the code definition. */
export const PRINT_FIELDS = ['moduleSize', 'width', 'dpi', 'hri', 'quietZone', 'application'] as const

export interface PrintOptions {
  /** X-dimension asked, in mm; null when none (or `width` is asked). */
  readonly moduleSize: number | null
  /** Width of the symbol (its modules, without the quiet zone) asked, in mm; null when none. */
  readonly width: number | null
  /** PNG resolution in dots per inch. */
  readonly dpi: number
  /** Print the HRI under the symbol. */
  readonly hri: boolean
  /** Quiet zone in modules; null: the symbology's minimum. */
  readonly quietZone: number | null
  readonly application: Application
}

/** Millimetres in an inch: dpi and PDF points (1/72 inch) are counted in inches. */
export const MM_PER_INCH = 25.4
export const DEFAULT_DPI = 300
export const MIN_DPI = 72
export const MAX_DPI = 2400
/** Most quiet zone a request may ask, in modules. */
export const MAX_QUIET_ZONE = 40
/** Quiet zones the symbologies need at least (ISO/IEC 18004 and 16022; every row of the GS1 tables). */
export const MIN_QUIET_ZONE = { qrcode: 4, datamatrix: 1 } as const
/** Most pixels of a PNG (width × height): 4096 × 4096, 64 MiB of RGBA while it is drawn. */
export const MAX_PNG_PIXELS = 4096 * 4096

export const DEFAULT_PRINT: PrintOptions = {
  moduleSize: null,
  width: null,
  dpi: DEFAULT_DPI,
  hri: false,
  quietZone: null,
  application: DEFAULT_APPLICATION,
}

/** The print fields of a body object (a field sent as null counts as not sent). */
export type PrintFields = Partial<Record<(typeof PRINT_FIELDS)[number], unknown>>

/** Splits a request body into its print fields and the code definition; `fields` is null when it has none. */
export function splitPrintFields(body: unknown): { definition: unknown; fields: PrintFields | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { definition: body, fields: null }
  const definition: Record<string, unknown> = {}
  const fields: PrintFields = {}
  let any = false
  for (const [key, value] of Object.entries(body)) {
    if ((PRINT_FIELDS as readonly string[]).includes(key)) {
      if (value !== null && value !== undefined) {
        fields[key as keyof PrintFields] = value
        any = true
      }
    } else definition[key] = value
  }
  return { definition, fields: any ? fields : null }
}

export type PrintResult = { ok: true; options: PrintOptions } | { ok: false; errors: Issue[] }

function issue(code: string, path: string, message: string): Issue {
  return { code, path, message }
}

function positiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
}

/**
 * Reads the print fields over `base` (a batch's shared fields under an item's own). `prefix` goes before each path
 * (`codes[3].` in a batch). An item's `moduleSize` or `width` replaces both of the base's.
 */
export function readPrintOptions(
  fields: PrintFields,
  base: PrintOptions = DEFAULT_PRINT,
  prefix = '',
): PrintResult {
  const errors: Issue[] = []
  const at = (field: string) => `${prefix}${field}`
  const sized = fields.moduleSize !== undefined || fields.width !== undefined
  let moduleSize = sized ? null : base.moduleSize
  let width = sized ? null : base.width
  if (fields.moduleSize !== undefined) {
    if (positiveNumber(fields.moduleSize)) moduleSize = fields.moduleSize
    else
      errors.push(
        issue(
          'Validation.Type.moduleSize',
          at('moduleSize'),
          'moduleSize must be a number of millimetres above 0',
        ),
      )
  }
  if (fields.width !== undefined) {
    if (positiveNumber(fields.width)) width = fields.width
    else
      errors.push(
        issue('Validation.Type.width', at('width'), 'width must be a number of millimetres above 0'),
      )
  }
  if (fields.moduleSize !== undefined && fields.width !== undefined) {
    errors.push(issue('Validation.Exclusive.width', at('width'), 'send moduleSize or width, not both'))
  }
  let dpi = base.dpi
  if (fields.dpi !== undefined) {
    if (!Number.isInteger(fields.dpi)) {
      errors.push(issue('Validation.Type.dpi', at('dpi'), 'dpi must be a whole number of dots per inch'))
    } else if ((fields.dpi as number) < MIN_DPI || (fields.dpi as number) > MAX_DPI) {
      errors.push(issue('Validation.Range.dpi', at('dpi'), `dpi must be from ${MIN_DPI} to ${MAX_DPI}`))
    } else dpi = fields.dpi as number
  }
  let hri = base.hri
  if (fields.hri !== undefined) {
    if (typeof fields.hri === 'boolean') hri = fields.hri
    else errors.push(issue('Validation.Type.hri', at('hri'), 'hri must be true or false'))
  }
  let quietZone = base.quietZone
  if (fields.quietZone !== undefined) {
    if (Number.isInteger(fields.quietZone) && (fields.quietZone as number) >= 0)
      quietZone = fields.quietZone as number
    else
      errors.push(
        issue('Validation.Type.quietZone', at('quietZone'), 'quietZone must be a whole number of modules'),
      )
  }
  let application = base.application
  if (fields.application !== undefined) {
    if (typeof fields.application === 'string' && fields.application in SIZE_TABLES) {
      application = fields.application as Application
    } else {
      errors.push(
        issue(
          'Validation.Invalid.application',
          at('application'),
          `application must be one of ${APPLICATIONS.join(', ')}`,
        ),
      )
    }
  }
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, options: { moduleSize, width, dpi, hri, quietZone, application } }
}

/** What a drawer needs to know of the symbol before it draws: its symbology and carrier. */
export interface PrintTarget {
  readonly encoder: 'qrcode' | 'datamatrix'
  readonly carrier: Carrier
}

/**
 * The checks that need the carrier but not the drawn symbol: the table has a row for it, an asked `moduleSize` is
 * within the row's range, the quiet zone is at least the symbology's minimum. `width` is checked once the symbol's
 * module count is known ({@link planSize}).
 */
export function checkPrint(options: PrintOptions, target: PrintTarget, prefix = ''): Issue[] {
  const errors: Issue[] = []
  const range = rangeOf(options.application, target.carrier)
  if (range === null) {
    errors.push(
      issue(
        'Validation.NotInTable.mode',
        `${prefix}mode`,
        `the ${options.application} table (${SIZE_TABLES[options.application].source}) has no row for ` +
          `${CARRIER_NAMES[target.carrier]}; it lists ${carriersOf(options.application).join('; ')}`,
      ),
    )
  } else if (options.moduleSize !== null && !within(options.moduleSize, range)) {
    errors.push(rangeIssue('moduleSize', prefix, options, range))
  }
  const least = MIN_QUIET_ZONE[target.encoder]
  if (options.quietZone !== null && (options.quietZone < least || options.quietZone > MAX_QUIET_ZONE)) {
    errors.push(
      issue(
        'Validation.Range.quietZone',
        `${prefix}quietZone`,
        `quietZone must be from ${least} to ${MAX_QUIET_ZONE} modules for ${target.encoder === 'qrcode' ? 'QR Code' : 'Data Matrix'}`,
      ),
    )
  }
  return errors
}

function within(x: number, range: XRange): boolean {
  // The tables print three decimals: a size that rounds onto a bound is on it.
  return Number(x.toFixed(3)) >= range.min && Number(x.toFixed(3)) <= range.max
}

function rangeIssue(
  field: 'moduleSize' | 'width',
  prefix: string,
  options: PrintOptions,
  range: XRange,
): Issue {
  const table = SIZE_TABLES[options.application].source
  const what = field === 'width' ? `the module size that width gives` : 'moduleSize'
  return issue(
    `Validation.Range.${field}`,
    `${prefix}${field}`,
    `${what} must be from ${rangeText(range)} for ${options.application} (${table})`,
  )
}

/** The size a symbol is drawn at. */
export interface SizePlan {
  /** X-dimension drawn, in mm. */
  readonly moduleSize: number
  /** PNG: pixels per module (an even number: bwip-js draws a 2D module as 2 × its integer scale). */
  readonly modulePixels: number | null
  readonly quietZone: number
}

export type PlanResult = { ok: true; plan: SizePlan } | { ok: false; errors: Issue[] }

/**
 * The X-dimension to draw a symbol of `columns` modules at: the asked `moduleSize`, or `width / columns`, or the
 * table's target. A PNG module is a whole, even number of pixels at the dpi: the one nearest the asked size that
 * stays within the table's range.
 */
export function planSize(
  options: PrintOptions,
  target: PrintTarget,
  columns: number,
  format: Format,
  prefix = '',
): PlanResult {
  const range = rangeOf(options.application, target.carrier) ?? { min: 0, target: 0.495, max: Infinity }
  const quietZone = options.quietZone ?? MIN_QUIET_ZONE[target.encoder]
  const asked = options.moduleSize ?? (options.width === null ? range.target : options.width / columns)
  if (options.width !== null && !within(asked, range)) {
    return { ok: false, errors: [rangeIssue('width', prefix, options, range)] }
  }
  if (format !== 'png') return { ok: true, plan: { moduleSize: asked, modulePixels: null, quietZone } }
  const pixels = evenPixels(asked, options.dpi, range)
  if (pixels === null) {
    return {
      ok: false,
      errors: [
        issue(
          'Validation.Resolution.dpi',
          `${prefix}dpi`,
          `at ${options.dpi} dpi no module of an even number of pixels lies within ${rangeText(range)}; choose another dpi`,
        ),
      ],
    }
  }
  return {
    ok: true,
    plan: { moduleSize: (pixels * MM_PER_INCH) / options.dpi, modulePixels: pixels, quietZone },
  }
}

/** The even pixel count nearest `x` mm at `dpi` whose size is within `range` (at least 2), or null. */
function evenPixels(x: number, dpi: number, range: XRange): number | null {
  const exact = (x * dpi) / MM_PER_INCH
  const nearest = Math.max(2, 2 * Math.round(exact / 2))
  const candidates = [nearest, nearest - 2, nearest + 2, nearest - 4, nearest + 4]
    .filter((p) => p >= 2 && within((p * MM_PER_INCH) / dpi, range))
    .sort((a, b) => Math.abs(a - exact) - Math.abs(b - exact))
  return candidates[0] ?? null
}

/** Header values for a drawn size: `0.508mm`, `12.700mm x 12.700mm`. */
export function mmValue(value: number): string {
  return `${mm(value)}mm`
}
