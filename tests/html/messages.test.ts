/** Interface strings: every EU official language, every key, no English left behind; region tags fall back to their language. */
import { describe, expect, test } from 'bun:test'
import { messages, UI_LANGUAGES, uiLanguage } from '../../src/html/messages.ts'

/** The 24 official languages of the European Union (Regulation No 1/1958 as amended). */
// biome-ignore format: one table
const EU_LANGUAGES = [
  'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'hr',
  'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv',
]

/** Every string of a message table by its path (`errors.404.title`). */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (typeof value !== 'object' || value === null) return out.set(path, value)
  for (const [key, child] of Object.entries(value)) {
    for (const [p, v] of leaves(child, path === '' ? key : `${path}.${key}`)) out.set(p, v)
  }
  return out
}

const english = leaves(messages('en'))
/** Strings that are rightly the same word as the English one. */
const SAME_AS_ENGLISH: readonly string[] = ['es error.title'] // "Error"

describe('interface languages', () => {
  test('are exactly the 24 official languages of the EU', () => {
    expect<string[]>([...UI_LANGUAGES].sort()).toEqual(EU_LANGUAGES)
  })

  test('the English table has the keys the pages use, none empty', () => {
    expect(english.size).toBe(27)
    for (const [path, value] of english) expect({ path, value }).toEqual({ path, value: expect.any(String) })
  })

  for (const language of EU_LANGUAGES.filter((l) => l !== 'en')) {
    test(`${language} has every key, each a trimmed, non-empty string that is not the English one`, () => {
      const table = leaves(messages(language as 'en'))
      expect([...table.keys()].sort()).toEqual([...english.keys()].sort())
      const untranslated: string[] = []
      for (const [path, value] of table) {
        expect(typeof value === 'string' && value !== '' && value.trim() === value).toBe(true)
        const same = [...english.values()].includes(value)
        if (same && !SAME_AS_ENGLISH.includes(`${language} ${path}`)) untranslated.push(`${path}: ${value}`)
      }
      expect(untranslated).toEqual([])
    })
  }

  test('Greek and Bulgarian strings are written in their own script', () => {
    const scripts: [string, RegExp][] = [
      ['el', /\p{Script=Greek}/u],
      ['bg', /\p{Script=Cyrillic}/u],
    ]
    for (const [language, script] of scripts) {
      for (const [path, value] of leaves(messages(language as 'en'))) {
        expect({ language, path, inScript: script.test(String(value)) }).toEqual({
          language,
          path,
          inScript: true,
        })
      }
    }
  })

  test('names that are not translated stay as they are: GS1 Digital Link, and the HTTP methods', () => {
    for (const language of UI_LANGUAGES) {
      const m = messages(language)
      expect(m.errors[400].message).toContain('GS1 Digital Link')
      for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(m.errors[405].message).toContain(method)
    }
  })
})

describe('uiLanguage', () => {
  test('takes the first scanner language we have strings for, by primary subtag', () => {
    expect(uiLanguage(['ja', 'it', 'de-at', 'fr'])).toBe('it')
    expect(uiLanguage(['fr-ca'])).toBe('fr')
    expect(uiLanguage(['es-419'])).toBe('es')
    expect(uiLanguage(['ga-ie'])).toBe('ga')
    expect(uiLanguage(['mt'])).toBe('mt')
    expect(uiLanguage(['PT-BR'])).toBe('pt')
  })

  test('falls back to English for languages we have no strings for, and for none', () => {
    expect(uiLanguage(['ja', 'nb', 'ca'])).toBe('en')
    expect(uiLanguage(['constructor', '__proto__', 'toString'])).toBe('en')
    expect(uiLanguage([])).toBe('en')
  })
})
