/** Uniqueness in the catalog: duplicates within a file, and values a stored holder keeps (`Catalog.Duplicate`). */
import { type Issue, issue } from '../gs1/issue.ts'

export function duplicates<T>(
  items: readonly T[],
  key: (item: T) => string,
  path: (i: number) => string,
  what: string,
): Issue[] {
  const seen = new Map<string, number>()
  const errors: Issue[] = []
  items.forEach((item, i) => {
    const k = key(item)
    const first = seen.get(k)
    if (first === undefined) seen.set(k, i)
    else
      errors.push(issue('Catalog.Duplicate', path(i), `${what} '${k}' is already defined at ${path(first)}`))
  })
  return errors
}

/** The key of a product slug within its brand: `brand/slug` (slugs are unique per brand). */
export function productSlugKey(product: { readonly brand: string; readonly slug: string }): string {
  return `${product.brand}/${product.slug}`
}

/**
 * Whether the stored holder of a unique value (a product slug, a custom domain) keeps it against `claimant`: a
 * holder other than the claimant keeps it unless the file gives that holder another value (or, with `null`, none).
 * `fileValues` maps each holder the file names to what the file gives it; `undefined` means the stored one stays.
 */
export function storedHolderKeeps(
  holder: string | undefined,
  claimant: string,
  value: string,
  fileValues: ReadonlyMap<string, string | null | undefined>,
): holder is string {
  if (holder === undefined || holder === claimant) return false
  const given = fileValues.get(holder)
  return given === undefined || given === value
}
