/** The last decoding step: the AIs must form a valid GS1 Digital Link (TDS 15.3, GS1 General Specs). */
import { hasValidCheckDigit } from '../gs1/check-digit.ts'
import { checkElementData } from '../gs1/index.ts'
import { abortDecoding } from './errors.ts'
import type { AiPair } from './types.ts'

/**
 * Rejects with `invalid-link` a GTIN whose check digit is wrong (only the '+' schemes can carry one), then
 * anything the GS1 core finds: check digits of the other keys, AI formats and character sets, implausible
 * dates, and AI relations such as 21 excluding 235 ("considering the AIs already expressed by the EPC identifier
 * itself", TDS 15.3). `pairs[0]` is the primary key.
 */
export function validateLink(pairs: ReadonlyArray<AiPair>): void {
  const key = pairs[0]
  if (key?.ai === '01' && !hasValidCheckDigit(key.value))
    abortDecoding('invalid-link', 'the GTIN check digit is wrong')
  const issues = checkElementData(pairs)
  const first = issues[0]
  if (first !== undefined) abortDecoding('invalid-link', first.message)
}
