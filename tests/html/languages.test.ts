/** Language names through Intl.DisplayNames: endonyms for the picker, names in the page's language elsewhere. */
import { describe, expect, test } from 'bun:test'
import { endonym, languageName, primaryLanguage } from '../../src/html/languages.ts'
import { UI_LANGUAGES } from '../../src/html/messages.ts'

describe('the runtime’s ICU data', () => {
  test('names every interface language in itself and formats dates in it (Irish and Maltese included)', () => {
    for (const language of UI_LANGUAGES) {
      const own = new Intl.DisplayNames([language], { type: 'language', fallback: 'none' }).of(language)
      const format = new Intl.DateTimeFormat(language, { dateStyle: 'long' })
      expect({ language, named: own !== undefined, resolved: format.resolvedOptions().locale }).toEqual({
        language,
        named: true,
        resolved: language,
      })
    }
  })
})

describe('endonym', () => {
  test('names a language in itself, first letter capitalised as a label', () => {
    expect(endonym('de')).toBe('Deutsch')
    expect(endonym('fr')).toBe('Français')
    expect(endonym('el')).toBe('Ελληνικά')
    expect(endonym('bg')).toBe('Български')
    expect(endonym('ga')).toBe('Gaeilge')
    expect(endonym('mt')).toBe('Malti')
    expect(endonym('de-ch')).toBe('Schweizer Hochdeutsch')
  })

  test('shows a tag the runtime has no name for, or cannot read, as it is', () => {
    expect(endonym('zz')).toBe('zz')
    expect(endonym('not a tag')).toBe('not a tag')
  })
})

describe('languageName', () => {
  test('names a language in another one', () => {
    expect(languageName('fr', 'de')).toBe('Französisch')
    expect(languageName('en', 'el')).toBe('Αγγλικά')
    expect(languageName('de', 'ga')).toBe('Gearmáinis')
    expect(languageName('fr-CA', 'en')).toBe('Canadian French')
    expect(languageName('es', 'fr')).toBe('Espagnol')
  })

  test('falls back to the tag when the language to name it in is no tag', () => {
    expect(languageName('fr', 'not a tag')).toBe('fr')
  })
})

describe('primaryLanguage', () => {
  test('is the first subtag', () => {
    expect(primaryLanguage('de-ch')).toBe('de')
    expect(primaryLanguage('ga')).toBe('ga')
  })
})
