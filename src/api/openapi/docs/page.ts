/** The API reference page at `/docs`, rendered on the server from the OpenAPI document: no script, no outside asset. */
import { escapeHtml } from '../../../html/layout.ts'
import { markdown } from './markdown.ts'
import { anchor, type Operation, operationsOf, type ReferenceDocument } from './model.ts'
import { operationAnchor, operationSection } from './operation.ts'
import { schemaSection } from './schema.ts'
import { authenticationSection } from './security.ts'
import { DOCS_STYLE, DOCS_STYLE_HASH } from './style.ts'

/**
 * Nothing loads and nothing runs: only the inline stylesheet (by hash) and the inline icon apply; no form may submit,
 * no one may frame the page (CSP Level 3).
 */
export const DOCS_CSP = `default-src 'none'; style-src ${DOCS_STYLE_HASH}; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

// The dashboard's icon, inline: the page makes no request for /favicon.ico (the API would answer 404).
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b5cad"/><path d="M4 4h2v8H4zm3 0h1v8H7zm2 0h3v8H9z" fill="#fff"/></svg>'
const ICON = `data:image/svg+xml;base64,${Buffer.from(ICON_SVG).toString('base64')}`

/** Where the page links the raw document: relative, so that a path prefix in front of the API keeps working. */
const DOCUMENT_HREF = 'openapi.json'

interface Group {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly operations: Operation[]
}

/** Operations under their first tag, tags in the document's order, untagged ones last under "Other operations". */
function groupsOf(document: ReferenceDocument): Group[] {
  const groups = new Map<string, Group>()
  const group = (name: string, description = '') => {
    const found = groups.get(name)
    if (found !== undefined) return found
    const created = { id: anchor('tag', name), name, description, operations: [] }
    groups.set(name, created)
    return created
  }
  for (const tag of document.tags ?? []) group(tag.name, tag.description)
  for (const entry of operationsOf(document))
    group(entry.operation.tags?.[0] ?? 'Other operations').operations.push(entry)
  return [...groups.values()].filter((g) => g.operations.length > 0)
}

function operationLink(entry: Operation): string {
  return (
    `<li><a href="#${operationAnchor(entry)}"><span class="method method-${entry.method}">` +
    `${entry.method.toUpperCase()}</span> ${escapeHtml(entry.path)}</a></li>`
  )
}

function contents(groups: readonly Group[], schemaNames: readonly string[]): string {
  const tagItems = groups.map(
    (g) =>
      `<li><a class="tag" href="#${g.id}">${escapeHtml(g.name)}</a><ul>${g.operations.map(operationLink).join('')}</ul></li>`,
  )
  const schemaItems = schemaNames.map(
    (n) => `<li><a href="#${anchor('schema', n)}">${escapeHtml(n)}</a></li>`,
  )
  return (
    `<nav class="side" aria-label="Contents"><ul>${tagItems.join('')}` +
    '<li><a href="#authentication">Authentication</a></li>' +
    (schemaItems.length === 0
      ? ''
      : `<li><a href="#schemas">Schemas</a><ul class="schemas">${schemaItems.join('')}</ul></li>`) +
    '</ul></nav>'
  )
}

function introduction(document: ReferenceDocument): string {
  const servers = (document.servers ?? []).map((s) => `<code>${escapeHtml(s.url)}</code>`)
  return (
    `<h1>${escapeHtml(document.info.title)}</h1>` +
    `<p class="subtitle">Version ${escapeHtml(document.info.version)} · OpenAPI ${escapeHtml(document.openapi)}</p>` +
    markdown(document.info.description ?? '') +
    (servers.length === 0 ? '' : `<p>Base URL: ${servers.join(', ')}</p>`)
  )
}

function groupSection(document: ReferenceDocument, g: Group): string {
  return (
    `<section id="${g.id}"><h2 class="tag">${escapeHtml(g.name)}</h2>${markdown(g.description)}` +
    `${g.operations.map((entry) => operationSection(document, entry)).join('')}</section>`
  )
}

/** The complete page: contents, introduction, operations by tag, authentication, schemas. */
export function referencePage(document: ReferenceDocument): string {
  const groups = groupsOf(document)
  const schemas = Object.entries(document.components?.schemas ?? {})
  const title = `${document.info.title} ${document.info.version}`
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<link rel="icon" href="${ICON}"><title>${escapeHtml(title)} – API reference</title>` +
    `<style>${DOCS_STYLE}</style></head><body><a class="skip" href="#main">Skip to the reference</a>` +
    `<header class="top"><span class="product">API reference</span><a href="${DOCUMENT_HREF}">OpenAPI document (JSON)</a></header>` +
    `<div class="shell">${contents(
      groups,
      schemas.map(([name]) => name),
    )}<main id="main">` +
    introduction(document) +
    groups.map((g) => groupSection(document, g)).join('') +
    authenticationSection(document) +
    (schemas.length === 0
      ? ''
      : `<section id="schemas"><h2>Schemas</h2>${schemas.map(([name, s]) => schemaSection(name, s)).join('')}</section>`) +
    '</main></div></body></html>'
  )
}
