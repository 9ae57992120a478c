/** Every error code of a catalog file or a product (`Catalog.*`), with what it means: one list for the docs and the OpenAPI document. */
export const CATALOG_ERROR_CODES: readonly { readonly code: string; readonly description: string }[] = [
  { code: 'Catalog.Schema', description: 'The file or product does not have the import format’s shape.' },
  { code: 'Catalog.Text', description: 'A text holds a NUL character or an unpaired surrogate.' },
  { code: 'Catalog.Duplicate', description: 'A slug, custom domain, GTIN or page name appears twice.' },
  {
    code: 'Catalog.Reference',
    description: 'An organization or brand that neither the file nor the database holds.',
  },
  { code: 'Catalog.CheckDigit', description: 'A GTIN’s check digit is wrong.' },
  {
    code: 'Catalog.DefaultPage',
    description: 'Not exactly one default page, or it is not published in the default language.',
  },
  {
    code: 'Catalog.Language',
    description:
      'A language tag that is not an ISO 639-1 language with an optional ISO 3166-1 region (`en`, `de-ch`), a language outside the product’s languages, or a default language not among them.',
  },
  { code: 'Catalog.LinkType', description: 'A link type that is not a page type of the GS1 Web Vocabulary.' },
  {
    code: 'Catalog.Domain',
    description:
      'A custom domain that is no host name, is held by another brand, or is one of the service’s own hosts (its resolver, short, API or dashboard host).',
  },
  { code: 'Catalog.Ownership', description: 'A brand or GTIN that belongs to another organization.' },
  {
    code: 'Catalog.Scope',
    description:
      'Outside what an API client or a member may change: another organization, the plan, activating a domain.',
  },
  { code: 'Catalog.Mismatch', description: 'The body’s GTIN is not the path’s.' },
]
