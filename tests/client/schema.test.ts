/** The committed client types are what openapi-typescript makes of the current OpenAPI document. */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { generateClientSchema, SCHEMA_FILE } from '../../src/client/generate.ts'

test('src/client/schema.ts is up to date with the OpenAPI document (run `bun src/client/generate.ts`)', async () => {
  expect(await generateClientSchema()).toBe(readFileSync(SCHEMA_FILE, 'utf8'))
}, 30_000)
