/** Names in the shipped demo catalog (`src/catalog/demo-catalog.json`) that the banner and the seed speak of. */

/** The organization that owns the demo client and the demo owner (on the starter plan in the demo catalog). */
export const DEMO_ORGANIZATION = 'dalgiardino'

/** A demo product the resolver answers with its own page (Northwind's green tea, no custom domain). */
export const DEMO_GTIN = '04012345000009'
