import { describe, expect, test } from 'bun:test'
import { keepStoredSpelling } from '../../src/dashboard/stored-spelling.ts'
import type { CanonicalProduct } from '../../src/services/catalog/rows.ts'

const STORED: CanonicalProduct = {
  gtin: '09506000134352',
  brand: 'acme-oats',
  slug: 'oat-drink',
  published: true,
  defaultLanguage: 'en',
  languages: ['en', 'de'],
  names: { en: 'Oat drink' },
  pages: [
    { name: 'info', linkType: 'gs1:pip', default: true, titles: { de: 'Info', en: 'About' } },
    {
      name: 'faq',
      linkType: 'gs1:faqs',
      titles: { en: 'FAQ', de: 'Fragen' },
      content: { en: 'Ask.\r\n', de: '  ' },
      validFrom: '2026-12-01T09:00:00.000+01:00',
    },
  ],
}

/** The body the form gives for STORED, as a browser sends it. */
function posted(): Record<string, unknown> {
  return {
    brand: 'acme-oats',
    slug: 'oat-drink',
    published: true,
    defaultLanguage: 'en',
    languages: ['en', 'de'],
    names: { en: 'Oat drink' },
    pages: [
      { name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'About', de: 'Info' } },
      {
        name: 'faq',
        linkType: 'gs1:faqs',
        titles: { en: 'FAQ', de: 'Fragen' },
        content: { en: 'Ask.\n' },
        validFrom: '2026-12-01T09:00+01:00',
      },
    ],
  }
}

describe('keepStoredSpelling', () => {
  test('what means the same is spelt as stored: the titles’ order, line breaks, a blank text, a date-time’s digits', () => {
    const kept = keepStoredSpelling(posted(), STORED)
    const { gtin: _, ...stored } = STORED
    expect(JSON.stringify(kept)).toBe(JSON.stringify(stored))
  })

  test('a change is kept as posted: another instant, another offset, other text', () => {
    const body = posted()
    const pages = body.pages as Record<string, unknown>[]
    Object.assign(pages[1] as object, { validFrom: '2026-12-01T09:00Z', content: { en: 'Ask us.' } })
    const page = (keepStoredSpelling(body, STORED).pages as Record<string, unknown>[])[1]
    expect(page?.validFrom).toBe('2026-12-01T09:00Z')
    expect(page?.content).toEqual({ en: 'Ask us.', de: '  ' })
  })

  test('a blank text stays only on a page that stays hosted and keeps its title in that language', () => {
    const external = posted()
    const pages = external.pages as Record<string, unknown>[]
    pages[1] = {
      name: 'faq',
      linkType: 'gs1:faqs',
      titles: { en: 'FAQ', de: 'Fragen' },
      href: 'https://a.example/',
    }
    expect((keepStoredSpelling(external, STORED).pages as Record<string, unknown>[])[1]).not.toHaveProperty(
      'content',
    )
    const untitled = posted()
    const faq = (untitled.pages as Record<string, unknown>[])[1] as Record<string, unknown>
    faq.titles = { en: 'FAQ' }
    expect((keepStoredSpelling(untitled, STORED).pages as Record<string, unknown>[])[1]?.content).toEqual({
      en: 'Ask.\r\n',
    })
  })
})
