import { describe, expect, test } from 'bun:test'
import { renderErrorPage } from '../../src/html/error-page.ts'
import { uiLanguage } from '../../src/html/messages.ts'

describe('renderErrorPage', () => {
  const titles: [string, number, string][] = [
    ['en', 400, 'Invalid code'],
    ['fr', 404, 'Introuvable'],
    ['de', 500, 'Etwas ist schiefgelaufen'],
    ['es', 405, 'Método no permitido'],
  ]
  for (const [language, status, title] of titles) {
    test(`speaks ${language} for ${status}`, () => {
      const html = renderErrorPage({ status, error: 'X', language: language as 'en' })
      expect(html).toContain(`<html lang="${language}">`)
      expect(html).toContain(`<h1>${title}</h1>`)
      expect(html).toContain(`<code>${status} X</code>`)
    })
  }

  test('has a generic text for any other status, and escapes the code', () => {
    const html = renderErrorPage({ status: 418, error: '<teapot>', language: 'en' })
    expect(html).toContain('<h1>Error</h1>')
    expect(html).toContain('418 &lt;teapot&gt;')
  })
})

describe('uiLanguage', () => {
  test('takes the first scanner language we have strings for, by primary subtag, else English', () => {
    expect(uiLanguage(['it', 'de-at', 'fr'])).toBe('de')
    expect(uiLanguage(['es-419'])).toBe('es')
    expect(uiLanguage(['ja'])).toBe('en')
    expect(uiLanguage([])).toBe('en')
  })
})

describe('renderErrorPage with its own text', () => {
  test('shows the given title and message instead of the status text', () => {
    const html = renderErrorPage({
      status: 404,
      error: 'NOT_FOUND',
      language: 'fr',
      text: { title: 'Page introuvable', message: 'Pas de <page>.' },
    })
    expect(html).toContain('<title>Page introuvable</title>')
    expect(html).toContain('<h1>Page introuvable</h1><p>Pas de &lt;page&gt;.</p>')
  })
})
