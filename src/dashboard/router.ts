/** The dashboard's routing: `GET /orgs/:org/clients` style patterns, matched segment by segment. */

export type Method = 'GET' | 'POST'

export interface RouteDefinition<H> {
  readonly method: Method
  /** Segments separated by `/`; a segment `:name` matches any one non-empty segment. */
  readonly pattern: string
  readonly handler: H
}

interface CompiledRoute<H> extends RouteDefinition<H> {
  readonly segments: readonly string[]
}

export type RouteMatch<H> =
  | { readonly kind: 'found'; readonly handler: H; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'wrong_method'; readonly allow: readonly string[] }
  | { readonly kind: 'none' }

export interface Router<H> {
  match(method: string, path: string): RouteMatch<H>
}

/** Compiles the route table once; `match` then walks it for each request. */
export function createRouter<H>(routes: readonly RouteDefinition<H>[]): Router<H> {
  const compiled: CompiledRoute<H>[] = routes.map((r) => ({ ...r, segments: splitPath(r.pattern) }))
  return {
    match(method, path) {
      const parts = splitPath(path)
      const allow = new Set<string>()
      for (const route of compiled) {
        const params = matchSegments(route.segments, parts)
        if (params === null) continue
        const effective = method === 'HEAD' ? 'GET' : method
        if (route.method === effective) return { kind: 'found', handler: route.handler, params }
        allow.add(route.method)
      }
      if (allow.size === 0) return { kind: 'none' }
      if (allow.has('GET')) allow.add('HEAD')
      return { kind: 'wrong_method', allow: [...allow] }
    },
  }
}

/** The path's raw segments, a trailing slash ignored (parameters are decoded when matched). */
function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed.split('/').slice(1)
}

function matchSegments(pattern: readonly string[], parts: readonly string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string
    const got = parts[i] as string
    if (want.startsWith(':')) {
      // A parameter that is not valid percent-encoding matches nothing: the request is then a plain 404.
      const decoded = got === '' ? null : decode(got)
      if (decoded === null) return null
      params[want.slice(1)] = decoded
    } else if (want !== got) return null
  }
  return params
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
