/** The keys of the Postgres advisory locks the service takes, in one place so that no two can share one. */
export const ADVISORY_LOCKS = {
  /** Migrations, when several instances start against one Postgres at once (session lock). */
  migration: 727_001,
  /** Signing-key creation and rotation across instances (transaction lock). */
  signingKey: 727_002,
  /** Catalog imports, each validated against what the one before it wrote (transaction lock). */
  catalogImport: 727_003,
} as const
