/** JSON Schemas as readable HTML: one-line type labels that link named schemas, and property lists with constraints. */
import { escapeHtml } from '../../../html/layout.ts'
import { markdown } from './markdown.ts'
import { anchor, type JsonSchema, refName } from './model.ts'

/** Inline objects nest at most this deep; the document's own schemas are one level. */
const MAX_DEPTH = 3

function code(value: unknown): string {
  return `<code>${escapeHtml(JSON.stringify(value))}</code>`
}

function branches(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf
  return Array.isArray(list) ? (list as JsonSchema[]) : []
}

/** A link to a named schema of `components.schemas`. */
export function schemaLink(name: string): string {
  return `<a href="#${anchor('schema', name)}">${escapeHtml(name)}</a>`
}

/** `string`, `KeyValue` (linked), `array of KeyValue`, `"A" | "B"`, `string (uri) | null`… */
export function typeLabel(schema: JsonSchema): string {
  const name = refName(schema.$ref, 'schemas')
  if (name !== null) return schemaLink(name)
  const alternatives = branches(schema)
  if (alternatives.length > 0) return alternatives.map(typeLabel).join(' | ')
  if ('const' in schema) return code(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map(code).join(' | ')
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type]
  return types.map((type) => singleType(schema, type)).join(' | ')
}

function singleType(schema: JsonSchema, type: unknown): string {
  if (type === 'array') return `array of ${typeLabel((schema.items as JsonSchema | undefined) ?? {})}`
  if (typeof type !== 'string') return 'any'
  return typeof schema.format === 'string' ? `${type} (${escapeHtml(schema.format)})` : type
}

/** The schema's own description, or the first one of its alternatives (TypeBox puts it on the non-null branch). */
function descriptionOf(schema: JsonSchema): string | null {
  if (typeof schema.description === 'string') return schema.description
  for (const branch of branches(schema)) {
    if (typeof branch.description === 'string') return branch.description
  }
  return null
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/** JSON Schema 2020-12 validation keywords (§6.2, §6.3, §6.4) in words. */
const LIMITS: readonly [keyword: string, render: (value: number) => string][] = [
  ['minLength', (n) => `at least ${count(n, 'character')}`],
  ['maxLength', (n) => `at most ${count(n, 'character')}`],
  ['minItems', (n) => `at least ${count(n, 'item')}`],
  ['maxItems', (n) => `at most ${count(n, 'item')}`],
  ['minimum', (n) => `minimum ${n}`],
  ['maximum', (n) => `maximum ${n}`],
]

/** Validation keywords of the schema and its alternatives, and its first example, as one short line. */
function constraintsOf(schema: JsonSchema): string[] {
  const parts: string[] = []
  for (const part of [schema, ...branches(schema)]) {
    if (typeof part.pattern === 'string') parts.push(`pattern <code>${escapeHtml(part.pattern)}</code>`)
    for (const [keyword, render] of LIMITS) {
      const value = part[keyword]
      if (typeof value === 'number') parts.push(render(value))
    }
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    parts.push(`e.g. ${code(schema.examples[0])}`)
  return parts
}

/** The inline object schema a property holds, directly or as array items, whose properties are listed under it. */
function inlineObject(schema: JsonSchema): JsonSchema | null {
  const target = schema.type === 'array' ? ((schema.items as JsonSchema | undefined) ?? {}) : schema
  return typeof target.properties === 'object' && target.properties !== null ? target : null
}

/** One property: name, type, required, description, constraints, and the properties of an inline object. */
function propertyItem(name: string, schema: JsonSchema, required: boolean, depth: number): string {
  const description = descriptionOf(schema)
  const limits = constraintsOf(schema)
  const nested = inlineObject(schema)
  return (
    `<div><dt><code>${escapeHtml(name)}</code> <span class="type">${typeLabel(schema)}</span>` +
    `${required ? ' <span class="req">required</span>' : ''}</dt><dd>` +
    (description === null ? '' : markdown(description)) +
    (limits.length === 0 ? '' : `<p class="muted">${limits.join('; ')}</p>`) +
    (nested !== null && depth < MAX_DEPTH ? propertyList(nested, depth + 1) : '') +
    '</dd></div>'
  )
}

/** The properties of an object schema as a description list, required ones marked; empty when it has none. */
export function propertyList(schema: JsonSchema, depth = 0): string {
  const properties = (schema.properties ?? {}) as Readonly<Record<string, JsonSchema>>
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  const items = Object.entries(properties).map(([name, property]) =>
    propertyItem(name, property, required.has(name), depth),
  )
  const closed = schema.additionalProperties === false ? '<p class="muted">No other properties.</p>' : ''
  return items.length === 0 ? closed : `<dl class="fields">${items.join('')}</dl>${closed}`
}

/** A named schema of `components.schemas` as a section with its anchor. */
export function schemaSection(name: string, schema: JsonSchema): string {
  const description = descriptionOf(schema)
  const properties = propertyList(schema)
  return (
    `<section class="schema" id="${anchor('schema', name)}"><h3>${escapeHtml(name)}</h3>` +
    `<p class="type">${typeLabel(schema)}</p>` +
    (description === null ? '' : markdown(description)) +
    properties +
    '</section>'
  )
}
