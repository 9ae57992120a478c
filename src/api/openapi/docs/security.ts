/** Security schemes as HTML: the line under each operation, and the Authentication section they link to. */
import { escapeHtml } from '../../../html/layout.ts'
import { markdown } from './markdown.ts'
import { anchor, type ReferenceDocument, type SecurityRequirements, type SecurityScheme } from './model.ts'

/** What a scheme asks of a caller, in words (OpenAPI 3.1.0 §4.8.27). */
function schemeLabel(scheme: SecurityScheme | undefined): string {
  if (scheme === undefined) return 'an undeclared scheme'
  if (scheme.type === 'oauth2') {
    const flows = Object.keys(scheme.flows ?? {})
    return flows.includes('clientCredentials') ? 'OAuth 2.0 client credentials' : 'OAuth 2.0'
  }
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return 'HTTP Basic'
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return 'Bearer token'
  if (scheme.type === 'apiKey') return `API key in ${scheme.in ?? 'a'} ${scheme.name ?? 'parameter'}`
  return scheme.type
}

function schemeLink(document: ReferenceDocument, name: string, scopes: readonly string[]): string {
  const scheme = document.components?.securitySchemes?.[name]
  const label = `<a href="#${anchor('auth', name)}">${escapeHtml(schemeLabel(scheme))}</a>`
  const bearer = scheme?.type === 'oauth2' ? ' bearer token' : ''
  const scopeText = scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')
  return `${label}${bearer}${scopes.length === 0 ? '' : ` with scope ${scopeText}`}`
}

/** `Authentication: …` for an operation; any one requirement object suffices, all schemes within one are needed. */
export function securityLine(document: ReferenceDocument, requirements: SecurityRequirements): string {
  const alternatives = requirements
    .map((requirement) =>
      Object.entries(requirement)
        .map(([name, scopes]) => schemeLink(document, name, scopes))
        .join(' and '),
    )
    .map((text) => (text === '' ? 'none' : text))
  const text = alternatives.length === 0 ? 'none' : alternatives.join(', or ')
  return `<p class="auth"><strong>Authentication:</strong> ${text}.</p>`
}

function flowItems(scheme: SecurityScheme): string {
  return Object.entries(scheme.flows ?? {})
    .map(([flow, { tokenUrl, scopes }]) => {
      const scopeItems = Object.entries(scopes ?? {}).map(
        ([scope, description]) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(description)}</li>`,
      )
      return (
        `<p>Flow <code>${escapeHtml(flow)}</code>` +
        (tokenUrl === undefined ? '' : `, token URL <code>${escapeHtml(tokenUrl)}</code>`) +
        '.</p>' +
        (scopeItems.length === 0 ? '' : `<p>Scopes:</p><ul>${scopeItems.join('')}</ul>`)
      )
    })
    .join('')
}

/** Every scheme of `components.securitySchemes`, each under the anchor the operations link to. */
export function authenticationSection(document: ReferenceDocument): string {
  const schemes = Object.entries(document.components?.securitySchemes ?? {})
  if (schemes.length === 0) return ''
  const parts = schemes.map(
    ([name, scheme]) =>
      `<section class="scheme" id="${anchor('auth', name)}"><h3>${escapeHtml(schemeLabel(scheme))} ` +
      `<span class="muted">(<code>${escapeHtml(name)}</code>)</span></h3>` +
      markdown(scheme.description ?? '') +
      flowItems(scheme) +
      '</section>',
  )
  return `<section id="authentication"><h2>Authentication</h2>${parts.join('')}</section>`
}
