/** Every error code of a catalog file or a product (`Catalog.*`), with what it means: one list for the docs and the OpenAPI document. */
export const CATALOG_ERROR_CODES: readonly { readonly code: string; readonly description: string }[] = [
  { code: 'Catalog.Schema', description: 'The file or product does not have the import format’s shape.' },
  { code: 'Catalog.Text', description: 'A text holds a NUL character or an unpaired surrogate.' },
  {
    code: 'Catalog.Duplicate',
    description: 'A slug, custom domain, GTIN, item key and value, or page name appears twice.',
  },
  {
    code: 'Catalog.Reference',
    description: 'An organization or brand that neither the file nor the database holds.',
  },
  { code: 'Catalog.CheckDigit', description: 'A GTIN’s check digit is wrong.' },
  {
    code: 'Catalog.Key',
    description:
      'An item’s or rule’s key that is not a GS1 Digital Link primary key (or an item’s that is the GTIN, which products carry), an item’s value the GS1 Barcode Syntax Dictionary refuses for its key (check digit or character, length), or a rule’s prefix that no value of its key can start with or that is shorter than a GS1 Company Prefix.',
  },
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
    code: 'Catalog.Link',
    description:
      'An external page’s `href` that is not an absolute `http` or `https` URL on a named host (a script, data or file URL, a user name or password, an IP address), is longer than 2,048 characters, or is a template with an unknown variable, a variable before the end of the host, or unbalanced braces; a language of the page without its link; an image that is not `https`.',
  },
  {
    code: 'Catalog.PageKind',
    description: 'A page with both hosted fields (`content`, `image`) and external ones (`href`, `type`).',
  },
  {
    code: 'Catalog.Window',
    description:
      'A `validFrom` or `validUntil` that is no real instant, on the default page (or a lot’s page replacing it), or a window that ends before it starts.',
  },
  {
    code: 'Catalog.Lot',
    description:
      'A lot that is not a valid AI (10) value (1 to 20 characters of GS1 character set 82), or a lot’s page marked default.',
  },
  {
    code: 'Catalog.Domain',
    description:
      'A custom domain that is no host name, is held by another brand, or is one of the service’s own hosts (its resolver, short, API or dashboard host).',
  },
  {
    code: 'Catalog.Ownership',
    description:
      'A brand or entry that belongs to another organization; an entry or rule outside its organization’s GS1 Company Prefixes, or within (a rule: reaching into) another organization’s; a GS1 Company Prefix overlapping another organization’s.',
  },
  {
    code: 'Catalog.Scope',
    description:
      'Outside what an API client or a member may change: another organization, the plan, the GS1 Company Prefixes, activating a domain.',
  },
  { code: 'Catalog.Mismatch', description: 'The body’s GTIN is not the path’s.' },
]
