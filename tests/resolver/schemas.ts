/** JSON Schema validators for the linkset and the description file, from the shared GS1 schemas (tests only). */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'

const LINKSET_SCHEMA: SharedFile = ['gs1', 'resolver', 'linkset-schema-1.2.0.json']
const DESCRIPTION_SCHEMA: SharedFile = ['gs1', 'resolver', 'description-file-schema-1.2.0.json']

/** True when the shared schemas are present (the tests that need them are skipped otherwise). */
export const hasSchemas = !lacksShared(LINKSET_SCHEMA, DESCRIPTION_SCHEMA)

function compile(file: SharedFile): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const schema = readSharedJson<Record<string, unknown>>(file)
  return ajv.compile(schema)
}

let linkset: ValidateFunction | undefined
let description: ValidateFunction | undefined

/** Validation errors of a linkset against linkset-schema-1.2.0.json ([] when valid). */
export function linksetErrors(value: unknown): unknown[] {
  linkset ??= compile(LINKSET_SCHEMA)
  return linkset(value) ? [] : (linkset.errors ?? [])
}

/** Validation errors of a resolver description file against description-file-schema-1.2.0.json ([] when valid). */
export function descriptionErrors(value: unknown): unknown[] {
  description ??= compile(DESCRIPTION_SCHEMA)
  return description(value) ? [] : (description.errors ?? [])
}
