/**
 * The print size fields of the Codes page (one code's PNG and PDF, and the bulk ZIP), as typed, to the print options of
 * `POST /render`: read and checked by the same function (`readPrintOptions`), with its defaults for what is left
 * empty (the table's target module size, 300 dpi, no HRI, the `general` table). Pure: no I/O.
 */
import { DEFAULT_PRINT, type PrintFields, type PrintResult, readPrintOptions } from '../render/index.ts'

/** The fields as typed (shown again with what is wrong). */
export interface PrintForm {
  readonly moduleSize: string
  readonly dpi: string
  readonly hri: boolean
  readonly application: string
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
