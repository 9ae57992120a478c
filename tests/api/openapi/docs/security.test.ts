/** Security on the reference page: the line under each operation and the Authentication section it links to. */
import { describe, expect, test } from 'bun:test'
import { authenticationSection, securityLine } from '../../../../src/api/openapi/docs/security.ts'
import { PETS } from './fixtures.ts'

describe('securityLine', () => {
  test('joins the schemes of one requirement with "and", alternatives with "or", and names scopes', () => {
    expect(securityLine(PETS, [{ basic: [], key: [] }, { oauth: ['read', 'write'] }, { nope: [] }])).toBe(
      '<p class="auth"><strong>Authentication:</strong> <a href="#auth-basic">HTTP Basic</a> and ' +
        '<a href="#auth-key">API key in header X-Key</a>, or <a href="#auth-oauth">OAuth 2.0</a> bearer token with scope ' +
        '<code>read</code>, <code>write</code>, or <a href="#auth-nope">an undeclared scheme</a>.</p>',
    )
  })

  test('says none for no requirement and for an empty requirement object (optional authentication)', () => {
    expect(securityLine(PETS, [])).toBe('<p class="auth"><strong>Authentication:</strong> none.</p>')
    expect(securityLine(PETS, [{}, { bearer: [] }])).toBe(
      '<p class="auth"><strong>Authentication:</strong> none, or <a href="#auth-bearer">Bearer token</a>.</p>',
    )
  })
})

describe('authenticationSection', () => {
  test('describes every scheme under its anchor, with flows, token URL and scopes', () => {
    const html = authenticationSection(PETS)
    expect(html).toStartWith('<section id="authentication"><h2>Authentication</h2>')
    expect(html).toContain(
      '<section class="scheme" id="auth-oauth"><h3>OAuth 2.0 <span class="muted">(<code>oauth</code>)</span></h3>' +
        '<p>Flow <code>authorizationCode</code>, token URL <code>/token</code>.</p>' +
        '<p>Scopes:</p><ul><li><code>read</code>: Read.</li></ul></section>',
    )
    expect(html).toContain('<section class="scheme" id="auth-key"><h3>API key in header X-Key')
  })

  test('is empty when the document declares no scheme', () => {
    expect(authenticationSection({ ...PETS, components: {} })).toBe('')
  })
})
