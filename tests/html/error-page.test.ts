import { describe, expect, test } from 'bun:test'
import { renderErrorPage } from '../../src/html/error-page.ts'
import { UI_LANGUAGES, uiLanguage } from '../../src/html/messages.ts'

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
      expect(html).toContain(`<html lang="${language}" dir="ltr">`)
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

describe('in every interface language', () => {
  test('declares lang and dir, and titles the page with the error, then the service', () => {
    for (const language of UI_LANGUAGES) {
      const html = renderErrorPage({ status: 404, error: 'NOT_FOUND', language })
      expect(html).toStartWith(`<!doctype html><html lang="${language}" dir="ltr"><head>`)
      const title = /<title>(.*?)<\/title>/.exec(html)?.[1]
      const heading = /<h1>(.*?)<\/h1>/.exec(html)?.[1]
      const banner = /<header>(.*?)<\/header>/.exec(html)?.[1]
      expect(title).toBe(`${heading} – ${banner}`)
    }
  })

  test('speaks Greek, Irish and Maltese too', () => {
    const greek = renderErrorPage({ status: 400, error: 'X', language: uiLanguage(['el-gr']) })
    expect(greek).toContain('<h1>Μη έγκυρος κωδικός</h1>')
    const irish = renderErrorPage({ status: 500, error: 'X', language: uiLanguage(['ga']) })
    expect(irish).toContain('<title>Chuaigh rud éigin mícheart – Seirbhís GS1 Digital Link</title>')
    const maltese = renderErrorPage({ status: 404, error: 'X', language: uiLanguage(['mt']) })
    expect(maltese).toContain('<h1>Ma nstabx</h1>')
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
    expect(html).toContain('<title>Page introuvable – Résolveur GS1 Digital Link</title>')
    expect(html).toContain('<h1>Page introuvable</h1><p>Pas de &lt;page&gt;.</p>')
  })
})
