/** Where a form lives: the page it was sent from, and the nearest page above an address that only takes forms. */
import { splitRequestUrl } from '../resolver/request-url.ts'
import type { Access } from './context.ts'
import { localPath } from './http.ts'
import type { Router } from './router.ts'

export interface FormPages {
  /** The nearest path above `path` that answers GET (`/orgs/acme/brands` for `/orgs/acme/brands/x/domain`). */
  pageAbove(path: string): string | null
  /**
   * The page a form was sent from: its Referer when that is a page of the dashboard (without the notice of an
   * earlier form, `done=…`), else the form's own address when it is a page, else the page above it. For a form
   * that removes something, the list above it (its confirmation page is gone with it).
   */
  formPage(request: Request, path: string): string
}

/** The last segment of a form that deletes or removes what its path names. */
const REMOVES = /\/(delete|remove)$/

export function formPages(router: Router<Access>, origin: string): FormPages {
  const isPage = (path: string) => router.match('GET', path).kind === 'found'
  function pageAbove(path: string): string | null {
    const parts = path.split('/')
    for (let end = parts.length - 1; end > 1; end--) {
      const parent = parts.slice(0, end).join('/')
      if (isPage(parent)) return parent
    }
    return null
  }
  function formPage(request: Request, path: string): string {
    // A form that removes something (its confirmation page included) leads to the list it was in.
    if (REMOVES.test(path)) return pageAbove(path.slice(0, path.lastIndexOf('/'))) ?? '/'
    const referer = request.headers.get('referer')
    if (referer?.startsWith(`${origin}/`)) {
      const sent = splitRequestUrl(referer)
      const query = new URLSearchParams(sent.query)
      query.delete('done')
      const local = localPath(query.size === 0 ? sent.path : `${sent.path}?${query}`)
      if (local !== null && isPage(sent.path)) return local
    }
    if (isPage(path)) return path
    return pageAbove(path) ?? '/'
  }
  return { pageAbove, formPage }
}
