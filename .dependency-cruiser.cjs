/**
 * The house's dependency rules (DESIGN §1, docs/design.md "The house"), checked in CI by
 * `bun run deps:check`. Dependencies point inwards: surfaces -> services -> {db, auth, pure core, ports};
 * db -> lib; the pure core imports nothing but itself and lib.
 *
 * .dependency-cruiser-known-violations.json (written by `bun run deps:baseline`) lists what a rule may not yet
 * hold; it is empty. Never grow it to make a change pass: move the code instead.
 */

/** The pure core: GS1 and EPC rules, drawing, the catalog format, HTML building blocks. */
const CORE = '^src/(gs1|epc|render|catalog|html)/'
/** The surfaces: each parses its input, calls a service, answers. */
const SURFACES = '^src/(api|dashboard|cli|metrics)/'
/**
 * Entries that start a process and may wire what it runs: the standalone resolver's servers, Deno's API, the CLI
 * (which reads the configuration as `bun run start` does).
 */
const ENTRIES =
  '^src/(resolver/(serve|serve-deno|serve-node|standalone)\\.ts|api/serve-deno\\.ts|cli/main\\.ts)$'

module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'The pure core imports nothing but itself and lib/ (no storage, no framework, no surface).',
      severity: 'error',
      from: { path: CORE },
      to: { path: '^src/', pathNot: [CORE, '^src/lib/'] },
    },
    {
      name: 'resolver-is-pure',
      comment:
        'The resolver reaches storage only through its ports (Catalog, onScan): it imports the core, lib/ and itself.',
      severity: 'error',
      from: { path: '^src/resolver/', pathNot: ENTRIES },
      to: { path: '^src/', pathNot: [CORE, '^src/lib/', '^src/resolver/'] },
    },
    {
      name: 'pages-are-pure',
      comment: 'The product pages build on the resolver and the HTML blocks, never on storage or a surface.',
      severity: 'error',
      from: { path: '^src/pages/' },
      to: { path: '^src/', pathNot: [CORE, '^src/lib/', '^src/resolver/', '^src/pages/'] },
    },
    {
      name: 'surfaces-apart',
      comment:
        'api/, dashboard/, cli/ and metrics/ never import each other: what two share belongs in a service.',
      severity: 'error',
      from: { path: '^src/(api|dashboard|cli|metrics)/', pathNot: ENTRIES },
      to: { path: '^src/(api|dashboard|cli|metrics)/', pathNot: '^src/$1/' },
    },
    {
      name: 'surfaces-reach-tables-through-services',
      comment: 'A surface calls a service; it reads no table itself (types of db/ rows are fine).',
      severity: 'error',
      from: { path: SURFACES, pathNot: ENTRIES },
      to: { path: '^src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'services-below-surfaces',
      comment:
        'services/ hold the domain operations every surface calls: they import no surface and no start-up wiring.',
      severity: 'error',
      from: { path: '^src/services/' },
      to: { path: '^src/(api|dashboard|cli|metrics|app)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-is-infrastructure',
      comment:
        'db/ is connections, schema, migrations, listener and locks: it imports lib/ and nothing of the domain.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: ['^src/db/', '^src/lib/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'tables-only-in-services',
      comment:
        "Only services/ and db/ read or write tables: drizzle and the schema's tables are theirs alone.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/db/', '^src/services/'] },
      to: { path: ['node_modules/drizzle-orm', '^src/db/schema\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'lib/ holds small shared utilities that know nothing of the domain.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'only-the-start-wires',
      comment:
        'app/ is start-up wiring: only main.ts and the server entries use it (its configuration type is fine anywhere).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app/', '^src/main\\.ts$', ENTRIES] },
      to: { path: '^src/app/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'cross-cutting-takes-values',
      comment:
        'security/ limits are handed each surface answer as values (Hono middleware style), never import one.',
      severity: 'error',
      from: { path: '^src/security/' },
      to: { path: '^src/(api|dashboard|cli|metrics|resolver)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The typed client's generator is a build script, not part of the service: it reads the API's OpenAPI builder.
    exclude: { path: '^src/client/generate\\.ts$' },
  },
}
