/** Names in the shipped demo catalog (`src/catalog/demo-catalog.json`) that the banner and the seed speak of. */

/** The organization that owns the demo client and the demo owner (on the starter plan in the demo catalog). */
export const DEMO_ORGANIZATION = 'dalgiardino'

/** The demo organization's owner on the dashboard (an address of the reserved `.example` domain: no mail goes out). */
export const DEMO_OWNER = { email: 'owner@dalgiardino.example', name: 'Demo owner' } as const

/** A demo product the resolver answers with its own page (Northwind's green tea, no custom domain). */
export const DEMO_GTIN = '04012345000009'
