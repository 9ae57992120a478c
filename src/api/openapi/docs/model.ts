/** The parts of an OpenAPI 3.1 document the reference page reads (OpenAPI 3.1.0 §4.8), typed loosely enough for any document. */

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12 as is). */
export type JsonSchema = Readonly<Record<string, unknown>>

export interface MediaTypeObject {
  readonly schema?: JsonSchema
  readonly example?: unknown
  readonly examples?: Readonly<Record<string, { readonly value?: unknown }>>
}

export type Content = Readonly<Record<string, MediaTypeObject>>

export interface ResponseObject {
  readonly description: string
  readonly headers?: Readonly<Record<string, unknown>>
  readonly content?: Content
}

export interface ParameterObject {
  readonly name: string
  readonly in: string
  readonly required?: boolean
  readonly description?: string
  readonly schema?: JsonSchema
}

/** Alternatives, each naming schemes with their scopes (OpenAPI 3.1.0 §4.8.30). */
export type SecurityRequirements = readonly Readonly<Record<string, readonly string[]>>[]

export interface OperationObject {
  readonly tags?: readonly string[]
  readonly summary?: string
  readonly operationId?: string
  readonly description?: string
  readonly security?: SecurityRequirements
  readonly parameters?: readonly (ParameterObject | { readonly $ref: string })[]
  readonly requestBody?: {
    readonly required?: boolean
    readonly description?: string
    readonly content: Content
  }
  readonly responses: Readonly<Record<string, ResponseObject>>
}

export interface SecurityScheme {
  readonly type: string
  readonly description?: string
  readonly scheme?: string
  readonly name?: string
  readonly in?: string
  readonly flows?: Readonly<
    Record<string, { readonly tokenUrl?: string; readonly scopes?: Readonly<Record<string, string>> }>
  >
}

export interface ReferenceDocument {
  readonly openapi: string
  readonly info: { readonly title: string; readonly version: string; readonly description?: string }
  readonly servers?: readonly { readonly url: string; readonly description?: string }[]
  readonly tags?: readonly { readonly name: string; readonly description?: string }[]
  readonly security?: SecurityRequirements
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly components?: {
    readonly schemas?: Readonly<Record<string, JsonSchema>>
    readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>
    readonly headers?: Readonly<Record<string, { readonly description?: string }>>
    readonly parameters?: Readonly<Record<string, ParameterObject>>
  }
}

/** The HTTP methods a path item may hold (OpenAPI 3.1.0 §4.8.9), in the order the page lists them. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export interface Operation {
  readonly method: (typeof METHODS)[number]
  readonly path: string
  readonly operation: OperationObject
}

/** Every operation of the document, path by path in document order. */
export function operationsOf(document: ReferenceDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({
      method,
      path,
      operation: item[method] as OperationObject,
    })),
  )
}

/** The component name a local `$ref` points at (`#/components/<kind>/<name>`), or null. */
export function refName(ref: unknown, kind: string): string | null {
  const prefix = `#/components/${kind}/`
  return typeof ref === 'string' && ref.startsWith(prefix) ? ref.slice(prefix.length) : null
}

/** A fragment identifier made of `[A-Za-z0-9_-]` only, so it is safe in an attribute and in a URL. */
export function anchor(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`
}
