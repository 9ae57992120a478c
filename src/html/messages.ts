/** Interface strings of the HTML views in the EU's 24 official languages; any other language gets English. */
import { bg } from './locales/bg.ts'
import { cs } from './locales/cs.ts'
import { da } from './locales/da.ts'
import { de } from './locales/de.ts'
import { el } from './locales/el.ts'
import { en } from './locales/en.ts'
import { es } from './locales/es.ts'
import { et } from './locales/et.ts'
import { fi } from './locales/fi.ts'
import { fr } from './locales/fr.ts'
import { ga } from './locales/ga.ts'
import { hr } from './locales/hr.ts'
import { hu } from './locales/hu.ts'
import { it } from './locales/it.ts'
import { lt } from './locales/lt.ts'
import { lv } from './locales/lv.ts'
import { mt } from './locales/mt.ts'
import { nl } from './locales/nl.ts'
import { pl } from './locales/pl.ts'
import { pt } from './locales/pt.ts'
import { ro } from './locales/ro.ts'
import { sk } from './locales/sk.ts'
import { sl } from './locales/sl.ts'
import { sv } from './locales/sv.ts'
import type { Messages } from './message-types.ts'

export type { ErrorText, Messages, PageMessages } from './message-types.ts'

const MESSAGES = {
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fi,
  fr,
  ga,
  hr,
  hu,
  it,
  lt,
  lv,
  mt,
  nl,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
} as const satisfies Readonly<Record<string, Messages>>

/** A language we have interface strings for (a primary subtag). */
export type UiLanguage = keyof typeof MESSAGES

/** Every interface language, in alphabetical order of its subtag. */
export const UI_LANGUAGES = Object.keys(MESSAGES) as readonly UiLanguage[]

function isUiLanguage(primary: string): primary is UiLanguage {
  return Object.hasOwn(MESSAGES, primary)
}

/**
 * The first of the scanner's languages (in order) we have strings for, by primary subtag, so that `fr-ca`
 * speaks French (RFC 4647 §3.4 lookup, truncated to the language); English when none is ours.
 */
export function uiLanguage(scanner: readonly string[]): UiLanguage {
  for (const tag of scanner) {
    const dash = tag.indexOf('-')
    const primary = (dash === -1 ? tag : tag.slice(0, dash)).toLowerCase()
    if (isUiLanguage(primary)) return primary
  }
  return 'en'
}

/** The strings of one interface language. */
export function messages(language: UiLanguage): Messages {
  return MESSAGES[language]
}
