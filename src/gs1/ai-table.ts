/** The project's AI table: every AI of GS1 Barcode Syntax Dictionary release 2026-01-27, ranges expanded. */
import { type AiInfo, expandRow } from './ai-notation.ts'
import { ROWS as ROWS_0_3 } from './ai-rows-0-3.ts'
import { ROWS as ROWS_4 } from './ai-rows-4.ts'
import { ROWS as ROWS_7_9 } from './ai-rows-7-9.ts'

export type { AiInfo, AiPattern, Charset, Component } from './ai-notation.ts'

/** Release of the GS1 Barcode Syntax Dictionary the table follows. */
export const DICTIONARY_RELEASE = '2026-01-27'

const TABLE = new Map<string, AiInfo>()
for (const rows of [ROWS_0_3, ROWS_4, ROWS_7_9]) {
  for (const row of rows) {
    for (const info of expandRow(row)) TABLE.set(info.ai, info)
  }
}

const PRIMARY_KEYS: readonly string[] = [...TABLE.values()]
  .filter((i) => i.qualifierSequences)
  .map((i) => i.ai)

/** The table entry of an AI, or undefined when the AI is not in the dictionary. */
export function aiInfo(ai: string): AiInfo | undefined {
  return TABLE.get(ai)
}

/** Every AI of the table, in ascending order. */
export function allAis(): string[] {
  return [...TABLE.keys()].sort()
}

/** True when the AI is a GS1 Digital Link primary key (it has a `dlpkey` in the dictionary). */
export function isDlPrimaryKey(ai: string): boolean {
  return TABLE.get(ai)?.qualifierSequences != null
}

/** The Digital Link primary keys, in ascending order. */
export function dlPrimaryKeys(): readonly string[] {
  return PRIMARY_KEYS
}
