import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** The module layout README "Layout" describes, checked on every import of `src/`. */
const SRC = join(import.meta.dir, '..', 'src')
// Static imports and re-exports (type-only ones too, which the transpiler erases), side-effect and dynamic imports.
const IMPORT =
  /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm

interface Import {
  readonly file: string
  /** The imported module directory of `src/` (`gs1`, `resolver`…), file at its top (`log.ts`), package or `node:` name. */
  readonly target: string
}

function importsOf(file: string): Import[] {
  const code = readFileSync(join(SRC, file), 'utf8')
  return [...code.matchAll(IMPORT)].map((m) => {
    const path = (m[1] ?? m[2] ?? m[3]) as string
    if (!path.startsWith('.')) return { file, target: path.startsWith('node:') ? path : `package:${path}` }
    const resolved = relative(SRC, join(SRC, dirname(file), path))
    return { file, target: resolved.split('/')[0] as string }
  })
}

const files = [...new Bun.Glob('**/*.ts').scanSync(SRC)]
const imports = files.flatMap(importsOf)

const PROJECT = join(SRC, '..')
/** Relative paths written in a module: imports, `new URL('../..', import.meta.url)`. */
const RELATIVE_PATH = /['"`](\.\.?\/[^'"`\s]*)['"`]/g
/** The reference files beside the project, named as a path (`../shared/…`) or a path part (`join(…, 'shared')`). */
const SHARED_REFERENCE = /\.\.[\\/]+shared\b|['"`]shared['"`]/

/** The relative paths of `code` (a file of `src/`) that resolve outside the project. */
function pathsLeavingProject(file: string, code: string): string[] {
  return [...code.matchAll(RELATIVE_PATH)]
    .map((m) => m[1] as string)
    .filter((path) => relative(PROJECT, join(SRC, dirname(file), path)).startsWith('..'))
    .map((path) => `${file}: ${path}`)
}

/** Imports of the files under `module/` (but not the listed entry files) that leave the allowed modules. */
function strayImports(module: string, allowed: readonly string[], entries: readonly string[] = []): string[] {
  return imports
    .filter((i) => i.file.startsWith(`${module}/`) && !entries.includes(i.file))
    .filter((i) => i.target !== module && !allowed.includes(i.target))
    .map((i) => `${i.file} -> ${i.target}`)
}

describe('module layering', () => {
  test('the scan sees the modules it checks (a broken scan cannot pass silently)', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(imports).toContainEqual({ file: 'resolver/compressed.ts', target: 'epc' })
  })

  test('the GS1 core is pure: it imports nothing outside itself, no runtime module, no package', () => {
    expect(strayImports('gs1', [])).toEqual([])
  })

  test('the EPC codec imports only the GS1 core', () => {
    expect(strayImports('epc', ['gs1'])).toEqual([])
  })

  test('the catalog file format is pure: the GS1 core, TypeBox and the URI template library, no I/O', () => {
    expect(
      strayImports('catalog', [
        'gs1',
        'package:@sinclair/typebox',
        'package:@sinclair/typebox/value',
        'package:url-template',
      ]),
    ).toEqual([])
  })

  test('the HTML templates import only the GS1 core and the Markdown renderer and sanitiser', () => {
    expect(strayImports('html', ['gs1', 'package:markdown-it', 'package:sanitize-html'])).toEqual([])
  })

  test('the resolver reaches storage only through its Catalog interface, and never the pages, API or CLI', () => {
    const entries = [
      'resolver/standalone.ts',
      'resolver/serve.ts',
      'resolver/serve-deno.ts',
      'resolver/serve-node.ts',
    ]
    expect(strayImports('resolver', ['gs1', 'epc', 'html', 'catalog', 'lib'], entries)).toEqual([])
  })

  test('the product pages use the resolver and the templates, never storage, the API or the CLI', () => {
    expect(strayImports('pages', ['gs1', 'html', 'resolver', 'catalog', 'lib'])).toEqual([])
  })

  test('the product never reads the reference files beside the project (../shared): no path leaves the project', () => {
    // The checks see what they look for: the tests' own reader of ../shared, a path two levels too far up.
    expect(SHARED_REFERENCE.test(readFileSync(join(import.meta.dir, 'support', 'shared.ts'), 'utf8'))).toBe(
      true,
    )
    expect(
      pathsLeavingProject('gs1/x.ts', "readFileSync(new URL('../../../shared/a.json', import.meta.url))"),
    ).toEqual(['gs1/x.ts: ../../../shared/a.json'])
    const code = new Map(files.map((f) => [f, readFileSync(join(SRC, f), 'utf8')]))
    expect(files.filter((f) => SHARED_REFERENCE.test(code.get(f) ?? ''))).toEqual([])
    expect(files.flatMap((f) => pathsLeavingProject(f, code.get(f) ?? ''))).toEqual([])
  })
})
