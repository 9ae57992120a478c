/** One operation of the document as HTML: method and path, security, parameters, request body and every response. */
import { escapeHtml } from '../../../html/layout.ts'
import { FORM_TYPE } from '../../media.ts'
import { inlineMarkdown, markdown } from './markdown.ts'
import {
  anchor,
  type Content,
  type JsonSchema,
  type Operation,
  type ParameterObject,
  type ReferenceDocument,
  type ResponseObject,
  refName,
} from './model.ts'
import { typeLabel } from './schema.ts'
import { securityLine } from './security.ts'

/** Reason phrases of the statuses an API document commonly lists (RFC 9110 §15, RFC 6585 §4). */
const REASONS: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '406': 'Not Acceptable',
  '409': 'Conflict',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
}

/** The fragment of an operation: its `operationId`, else its method and path. */
export function operationAnchor({ method, path, operation }: Operation): string {
  return anchor('op', operation.operationId ?? `${method}${path}`)
}

/** An example as the body a client sends: a form example as `a=b&c=d`, anything else as indented JSON. */
function exampleText(mediaType: string, example: unknown): string {
  if (mediaType === FORM_TYPE && typeof example === 'object' && example !== null) {
    return new URLSearchParams(example as Record<string, string>).toString()
  }
  return JSON.stringify(example, null, 2)
}

function exampleOf(media: Content[string]): unknown {
  if (media?.example !== undefined) return media.example
  return Object.values(media?.examples ?? {}).find((e) => e.value !== undefined)?.value
}

/** Media types grouped by the schema they share (the versioned type and `application/json` share theirs). */
function contentLines(content: Content): string {
  const groups = new Map<string, { types: string[]; schema: JsonSchema | undefined }>()
  for (const [type, media] of Object.entries(content)) {
    const key = JSON.stringify(media.schema ?? null)
    const group = groups.get(key) ?? { types: [], schema: media.schema }
    group.types.push(type)
    groups.set(key, group)
  }
  return [...groups.values()]
    .map(({ types, schema }) => {
      const names = types.map((t) => `<code>${escapeHtml(t)}</code>`).join(', ')
      return `<p>${names}${schema === undefined ? '' : `: ${typeLabel(schema)}`}</p>`
    })
    .join('')
}

/** The first example of the content, shown as its media type would carry it; `open` shows it without a click. */
function contentExample(content: Content, label: string, open = false): string {
  for (const [type, media] of Object.entries(content)) {
    const example = exampleOf(media)
    if (example === undefined) continue
    return `<details${open ? ' open' : ''}><summary>${escapeHtml(label)}</summary><pre><code>${escapeHtml(exampleText(type, example))}</code></pre></details>`
  }
  return ''
}

function resolveParameter(document: ReferenceDocument, parameter: ParameterObject | { $ref: string }) {
  if (!('$ref' in parameter)) return parameter
  const name = refName(parameter.$ref, 'parameters')
  return name === null ? undefined : document.components?.parameters?.[name]
}

function parametersPart(document: ReferenceDocument, operation: Operation['operation']): string {
  const parameters = (operation.parameters ?? []).map((p) => resolveParameter(document, p))
  const items = parameters
    .filter((p): p is ParameterObject => p !== undefined)
    .map(
      (p) =>
        `<div><dt><code>${escapeHtml(p.name)}</code> <span class="type">${escapeHtml(p.in)}, ` +
        `${typeLabel(p.schema ?? {})}</span>${p.required ? ' <span class="req">required</span>' : ''}</dt>` +
        `<dd>${markdown(p.description ?? '')}</dd></div>`,
    )
  return items.length === 0 ? '' : `<h4>Parameters</h4><dl class="fields">${items.join('')}</dl>`
}

function requestPart(operation: Operation['operation']): string {
  const body = operation.requestBody
  if (body === undefined) return ''
  return (
    `<h4>Request body${body.required ? ' <span class="req">required</span>' : ''}</h4>` +
    markdown(body.description ?? '') +
    contentLines(body.content) +
    contentExample(body.content, 'Example request body', true)
  )
}

function headerDescription(document: ReferenceDocument, header: unknown): string {
  const object = header as { $ref?: string; description?: string }
  const name = refName(object.$ref, 'headers')
  const description = name === null ? object.description : document.components?.headers?.[name]?.description
  return description ?? ''
}

function responseItem(document: ReferenceDocument, status: string, response: ResponseObject): string {
  const headers = Object.entries(response.headers ?? {}).map(
    ([name, header]) =>
      `<li><code>${escapeHtml(name)}</code>: ${inlineMarkdown(headerDescription(document, header))}</li>`,
  )
  const content = response.content ?? {}
  return (
    `<div><dt><span class="status">${escapeHtml(status)}</span> ${escapeHtml(REASONS[status] ?? '')}</dt><dd>` +
    markdown(response.description) +
    (Object.keys(content).length === 0 ? '<p class="muted">No body.</p>' : contentLines(content)) +
    (headers.length === 0 ? '' : `<p>Headers:</p><ul>${headers.join('')}</ul>`) +
    contentExample(content, `Example ${status} body`) +
    '</dd></div>'
  )
}

/** The whole operation as a section whose id is {@link operationAnchor}. */
export function operationSection(document: ReferenceDocument, entry: Operation): string {
  const { method, path, operation } = entry
  const title = operation.summary ?? `${method.toUpperCase()} ${path}`
  const responses = Object.entries(operation.responses).map(([status, response]) =>
    responseItem(document, status, response),
  )
  return (
    `<section class="op" id="${operationAnchor(entry)}"><h3>${escapeHtml(title)}</h3>` +
    `<p class="endpoint"><span class="method method-${method}">${method.toUpperCase()}</span> ` +
    `<code>${escapeHtml(path)}</code></p>` +
    markdown(operation.description ?? '') +
    securityLine(document, operation.security ?? document.security ?? []) +
    parametersPart(document, operation) +
    requestPart(operation) +
    `<h4>Responses</h4><dl class="fields">${responses.join('')}</dl></section>`
  )
}
