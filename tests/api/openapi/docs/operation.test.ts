/** Operations on the reference page: parameters, request body and example, responses with headers, anchors. */
import { describe, expect, test } from 'bun:test'
import { operationsOf } from '../../../../src/api/openapi/docs/model.ts'
import { operationAnchor, operationSection } from '../../../../src/api/openapi/docs/operation.ts'
import { PETS } from './fixtures.ts'

const [getPet, deletePet, health] = operationsOf(PETS)
if (getPet === undefined || deletePet === undefined || health === undefined) throw new Error('fixture')

describe('operationSection', () => {
  test('lists path and query parameters, resolving references to components and skipping unknown ones', () => {
    expect(operationSection(PETS, getPet)).toContain(
      '<h4>Parameters</h4><dl class="fields">' +
        '<div><dt><code>id</code> <span class="type">path, integer</span> <span class="req">required</span></dt>' +
        '<dd><p>The pet’s <code>id</code>.</p></dd></div>' +
        '<div><dt><code>verbose</code> <span class="type">query, boolean</span></dt><dd></dd></div></dl>',
    )
  })

  test('gives each response its reason phrase, schema, headers (from components too) and example', () => {
    const html = operationSection(PETS, getPet)
    expect(html).toContain(
      '<div><dt><span class="status">200</span> OK</dt><dd><p>The pet.</p>' +
        '<p><code>application/json</code>: <a href="#schema-Pet">Pet</a></p>' +
        '<p>Headers:</p><ul><li><code>ETag</code>: The pet’s version.</li><li><code>X-Note</code>: A <code>note</code>.</li></ul>' +
        '<details><summary>Example 200 body</summary><pre><code>{\n  &quot;name&quot;: &quot;Rex&quot;\n}</code></pre></details></dd></div>',
    )
    expect(html).toContain(
      '<span class="status">404</span> Not Found</dt><dd><p>No such pet.</p><p class="muted">No body.</p>',
    )
    expect(html).toContain('<span class="status">418</span> </dt>')
  })

  test('without a summary or operationId it is titled and anchored by method and path', () => {
    expect(operationAnchor(deletePet)).toBe('op-delete-pets-id-')
    expect(operationSection(PETS, deletePet)).toStartWith(
      '<section class="op" id="op-delete-pets-id-"><h3>DELETE /pets/{id}</h3>' +
        '<p class="endpoint"><span class="method method-delete">DELETE</span> <code>/pets/{id}</code></p>' +
        '<p class="auth"><strong>Authentication:</strong> none.</p>',
    )
  })

  test('escapes the summary and keeps the anchor to [A-Za-z0-9_-]', () => {
    expect(operationAnchor(health)).toBe('op-health-check-')
    expect(operationSection(PETS, health)).toStartWith(
      '<section class="op" id="op-health-check-"><h3>Health &lt;check&gt;</h3>',
    )
  })

  test('the service’s own token request example is shown open, form-encoded as a client sends it', async () => {
    const { buildOpenApiDocument } = await import('../../../../src/api/openapi/document.ts')
    const document = buildOpenApiDocument({ serverUrl: 'http://api.test' })
    const token = operationsOf(document).find((o) => o.path === '/oauth/token')
    if (token === undefined) throw new Error('no token operation')
    expect(operationSection(document, token)).toContain(
      '<h4>Request body <span class="req">required</span></h4>' +
        '<p><code>application/x-www-form-urlencoded</code>: <a href="#schema-TokenRequest">TokenRequest</a></p>' +
        '<details open><summary>Example request body</summary><pre><code>grant_type=client_credentials</code></pre></details>',
    )
  })
})
