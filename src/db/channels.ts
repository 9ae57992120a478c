/** Postgres notification channels: every instance listens, and drops its caches when one fires. */

/** Fired in the transaction that changes the catalog (brands, products, pages). */
export const CATALOG_CHANNEL = 'catalog_changed'

/** Fired in the transaction that changes an organization's plan or an API client (block, delete). */
export const CLIENTS_CHANNEL = 'clients_changed'
