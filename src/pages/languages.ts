/** Language names for the picker, each in its own language ("Français", "Deutsch"), via `Intl.DisplayNames`. */

const names = new Map<string, string>()

/** A language's name in that language, first letter capitalised; the tag itself when the runtime has no name. */
export function languageName(tag: string): string {
  let name = names.get(tag)
  if (name === undefined) {
    name = tag
    try {
      const own = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag)
      if (own !== undefined && own !== '') name = own.charAt(0).toLocaleUpperCase(tag) + own.slice(1)
    } catch {
      // A tag the runtime cannot read: show it as is.
    }
    names.set(tag, name)
  }
  return name
}

/** The primary language subtag (`de` of `de-ch`). */
export function primaryLanguage(tag: string): string {
  const dash = tag.indexOf('-')
  return dash === -1 ? tag : tag.slice(0, dash)
}
