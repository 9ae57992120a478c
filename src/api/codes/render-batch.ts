/**
 * `POST /render/batch`: up to 1000 definitions drawn in the format `Accept` chooses, answered as a ZIP streamed while
 * the code work draws it (one file per code and `manifest.csv`). The request is checked whole first (406, 415, 413,
 * 400, 422); a definition that cannot be drawn is a line of the manifest, not a failed request.
 */
import { readRenderBatch } from '../../services/codes/render-batch.ts'
import { renderZip } from '../../services/codes/render-zip.ts'
import { errorResponse, notAcceptable } from '../errors.ts'
import { VARY_ACCEPT } from '../media.ts'
import { readJsonBody } from './body.ts'
import {
  type CostedResponse,
  printRefusal,
  RENDER_TYPES,
  type RequestPrefixes,
  renderFormat,
} from './render.ts'
import type { CodeWork } from './work.ts'

export const ZIP_TYPE = 'application/zip'

/** Header of a bulk render's answer: how many definitions it holds (a client can show progress as files arrive). */
export const CODE_COUNT_HEADER = 'x-code-count'

/** `prefixes`: the organization's GS1 Company Prefixes, read once per request and sent with every chunk. */
export function renderBatchHandler(work: CodeWork, prefixes: RequestPrefixes = async () => []) {
  return async function handleRenderBatch(request: Request, body: unknown): Promise<CostedResponse> {
    const refused = (response: Response) => ({ response, cost: 1 })
    const format = renderFormat(request.headers.get('accept'))
    if (format === null) return refused(notAcceptable(RENDER_TYPES, ', the type of the files in its ZIP'))
    const read = await readJsonBody(request, body)
    if (!read.ok) return refused(errorResponse(read.failure))
    const batch = readRenderBatch(read.value)
    if (!batch.ok) return refused(printRefusal(batch.errors))
    const companyPrefixes = await prefixes(request)
    const zip = renderZip({ entries: batch.entries, base: batch.base, format, work, companyPrefixes })
    const response = new Response(zip.stream, {
      status: 200,
      headers: {
        'content-type': ZIP_TYPE,
        ...VARY_ACCEPT,
        'content-disposition': `attachment; filename="codes-${format}.zip"`,
        [CODE_COUNT_HEADER]: String(batch.entries.length),
      },
    })
    return { response, cost: 1, later: zip.cost }
  }
}
