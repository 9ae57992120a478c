/** Language names through `Intl.DisplayNames` (full ICU): each in itself in a language picker, in the page's language elsewhere. */
import { escapeHtml } from './layout.ts'

const displays = new Map<string, Intl.DisplayNames | null>()
const names = new Map<string, string>()

/** The runtime's language names in `language`, or null for a tag it cannot read. */
function display(language: string): Intl.DisplayNames | null {
  let own = displays.get(language)
  if (own === undefined) {
    try {
      own = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' })
    } catch {
      own = null
    }
    displays.set(language, own)
  }
  return own
}

function nameOf(tag: string, language: string): string | undefined {
  try {
    return display(language)?.of(tag)
  } catch {
    // `of` throws on a tag that is not well-formed: it has no name.
    return undefined
  }
}

/**
 * `tag`'s name in `language` ("Französisch" for `fr` in `de`), or the tag itself when the runtime has none.
 * The first letter is capitalised: the names stand alone as labels, where CLDR's context transforms
 * (`uiListOrMenu`, `stand-alone`) title-case the first word of a language name.
 */
export function languageName(tag: string, language: string): string {
  const key = `${tag} ${language}`
  let name = names.get(key)
  if (name === undefined) {
    const found = nameOf(tag, language)
    name =
      found === undefined || found === '' ? tag : found.charAt(0).toLocaleUpperCase(language) + found.slice(1)
    names.set(key, name)
  }
  return name
}

/** A language's name in that language ("Deutsch", "Ελληνικά"): what a visitor looks for in a language picker. */
export function endonym(tag: string): string {
  return languageName(tag, tag)
}

/** The primary language subtag (`de` of `de-ch`). */
export function primaryLanguage(tag: string): string {
  const dash = tag.indexOf('-')
  return dash === -1 ? tag : tag.slice(0, dash)
}

/** ` – Name` after a link, muted: the language it leads to. The no-break space keeps the dash with the name. */
export function languageNote(name: string): string {
  return ` <span class="muted">–\u00a0${escapeHtml(name)}</span>`
}
