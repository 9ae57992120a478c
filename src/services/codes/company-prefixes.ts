/** The GS1 Company Prefixes of the organization asking for codes: compression picks fixed-length EPC schemes with them. */
import type { Db } from '../../db/database.ts'
import { prefixesOf } from '../catalog/company-prefixes.ts'

/** An organization's recorded prefixes by its id, in order; none for an organization that recorded none. */
export type CompanyPrefixReader = (organizationId: string) => Promise<readonly string[]>

/**
 * One indexed query per call, no cache: a prefix added or removed (`cli org prefix`, another process) counts from
 * the next request on.
 * @example codesFeature({ auth, companyPrefixes: companyPrefixReader(database.db) })
 */
export function companyPrefixReader(db: Db): CompanyPrefixReader {
  return (organizationId) => prefixesOf(db, organizationId)
}
