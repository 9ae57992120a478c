/**
 * An API operation declared once: its method and path register the route (`app.route(op.method, routePattern(op),
 * …)`), its OpenAPI Operation Object goes into the document as written. Each feature declares its operations in its
 * own `operations.ts`, beside its routes.
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'delete'

/** A Parameter Object; the routes read its name and where it goes (`path`, `query`, `header`). */
export interface ParameterSpec {
  readonly name: string
  readonly in: string
  readonly [field: string]: unknown
}

/** The OpenAPI Operation Object (3.1 §4.8.10), written as the document shows it. */
export interface OperationSpec {
  readonly operationId: string
  readonly parameters?: readonly ParameterSpec[]
  /** Security Requirement Objects: scheme name → scopes. */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[]
  readonly [field: string]: unknown
}

export interface Operation {
  readonly method: HttpMethod
  /** The OpenAPI path; `{name}` marks a path parameter. */
  readonly path: string
  readonly spec: OperationSpec
}

/** The pattern Elysia matches for the operation's path: `/products/{gtin}` → `/products/:gtin`. */
export function routePattern(operation: Operation): string {
  return operation.path.replace(/\{([^}]+)\}/g, ':$1')
}

/** The names of the query parameters the operation takes; a request with any other is refused. */
export function queryParameters(operation: Operation): string[] {
  return (operation.spec.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
}

/** The OAuth scope the operation's `security` demands, which its route's guard checks. */
export function requiredScope(operation: Operation): string {
  const scope = operation.spec.security?.[0]?.oauth2?.[0]
  if (scope === undefined) throw new Error(`${operation.spec.operationId} names no OAuth scope`)
  return scope
}

/** The document's `paths`: one Path Item per path, its methods in the order the operations are given. */
export function pathItems(operations: readonly Operation[]): Record<string, Record<string, OperationSpec>> {
  const items: Record<string, Record<string, OperationSpec>> = {}
  for (const { path, method, spec } of operations) {
    const item = items[path] ?? {}
    item[method] = spec
    items[path] = item
  }
  return items
}

/** A reference to a schema of the document's `components`. */
export function schemaRef(name: string) {
  return { $ref: `#/components/schemas/${name}` }
}
