/**
 * The print size fields of the Codes page (one code's PNG and PDF, and the bulk ZIP), as typed, to the print options of
 * `POST /render`: read and checked by the same function (`readPrintOptions`), with its defaults for what is left
 * empty (the table's target module size, 300 dpi, no HRI, the `general` table). Pure: no I/O.
 */
import { GTIN_KEY } from '../catalog/entry-id.ts'
import type { Mode } from '../gs1/index.ts'
import {
  type Application,
  carrierOfMode,
  DEFAULT_APPLICATION,
  DEFAULT_PRINT,
  type PrintFields,
  type PrintResult,
  rangeOf,
  readPrintOptions,
} from '../render/index.ts'

/** The fields as typed (shown again with what is wrong). */
export interface PrintForm {
  readonly moduleSize: string
  readonly dpi: string
  readonly hri: boolean
  /** A GS1 table (`APPLICATIONS`), or empty: chosen by the code (`applicationFor`). */
  readonly application: string
}

/** Where a code of each GS1 size table is scanned, in plain words (the table's source is said as a hint). */
export const APPLICATION_LABELS: Readonly<Record<Application, string>> = {
  'retail-dl': 'On pack: scanned at the till and by phones',
  'retail-distribution': 'On pack and in distribution: at the till and in warehouses',
  healthcare: 'Healthcare items',
  'direct-marking': 'Marked on parts and tools (on a label)',
  tobacco: 'Tobacco unit packs (EU)',
  general: 'Anything else (no GS1 table)',
}

/** The table a product's code on its consumer pack is printed by. */
const ON_PACK: Application = 'retail-dl'

/**
 * The GS1 table a code is printed by when none is chosen: the on-pack table for a GTIN, when it has a row for the
 * code's symbol (it has none for a GS1 QR Code), else none (`general`).
 */
export function applicationFor(key: string, mode: Mode): Application {
  if (key !== GTIN_KEY) return DEFAULT_APPLICATION
  return rangeOf(ON_PACK, carrierOfMode(mode)) === null ? DEFAULT_APPLICATION : ON_PACK
}

/** The fields with the table chosen by the code (`applicationFor`) when none is. */
export function withApplication(form: PrintForm, byCode: Application): PrintForm {
  return form.application === '' ? { ...form, application: byCode } : form
}

export function readPrintForm(form: URLSearchParams): PrintForm {
  return {
    moduleSize: (form.get('moduleSize') ?? '').trim().slice(0, 20),
    dpi: (form.get('dpi') ?? '').trim().slice(0, 10),
    hri: form.get('hri') === 'on',
    application: (form.get('application') ?? '').trim().slice(0, 40),
  }
}

/** The print options the fields ask for, or why they cannot be (each issue at its field's name). */
export function printOptionsOf(form: PrintForm): PrintResult {
  const fields: PrintFields = {}
  // A number typed wrong becomes NaN, which the check refuses with the field's message.
  if (form.moduleSize !== '') fields.moduleSize = Number(form.moduleSize)
  if (form.dpi !== '') fields.dpi = Number(form.dpi)
  if (form.hri) fields.hri = true
  if (form.application !== '') fields.application = form.application
  return readPrintOptions(fields, DEFAULT_PRINT)
}

/** Adds the fields that were filled in to `params` (a download link repeats them). */
export function addPrintQuery(params: URLSearchParams, form: PrintForm): void {
  if (form.moduleSize !== '') params.set('moduleSize', form.moduleSize)
  if (form.dpi !== '') params.set('dpi', form.dpi)
  if (form.hri) params.set('hri', 'on')
  if (form.application !== '') params.set('application', form.application)
}
