/** Schemas on the reference page: type labels that link named schemas, property lists with required marks and limits. */
import { describe, expect, test } from 'bun:test'
import { propertyList, schemaSection, typeLabel } from '../../../../src/api/openapi/docs/schema.ts'

const KEY_VALUE_LINK = '<a href="#schema-KeyValue">KeyValue</a>'

describe('typeLabel', () => {
  test('links a named schema, and reads arrays, alternatives, enums, constants and formats', () => {
    expect(typeLabel({ $ref: '#/components/schemas/KeyValue' })).toBe(KEY_VALUE_LINK)
    expect(typeLabel({ type: 'array', items: { $ref: '#/components/schemas/KeyValue' } })).toBe(
      `array of ${KEY_VALUE_LINK}`,
    )
    expect(typeLabel({ anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] })).toBe(
      'string (uri) | null',
    )
    expect(typeLabel({ type: 'string', enum: ['L', 'M'] })).toBe(
      '<code>&quot;L&quot;</code> | <code>&quot;M&quot;</code>',
    )
    expect(typeLabel({ const: 'Bearer', type: 'string' })).toBe('<code>&quot;Bearer&quot;</code>')
    expect(typeLabel({ type: ['integer', 'null'] })).toBe('integer | null')
    expect(typeLabel({})).toBe('any')
  })

  test('escapes names, enum values and formats, and keeps anchors to [A-Za-z0-9_-]', () => {
    expect(typeLabel({ $ref: '#/components/schemas/A<b>"c' })).toBe(
      '<a href="#schema-A-b-c">A&lt;b&gt;&quot;c</a>',
    )
    expect(typeLabel({ enum: ['<x>'] })).toBe('<code>&quot;&lt;x&gt;&quot;</code>')
    expect(typeLabel({ type: 'string', format: '<f>' })).toBe('string (&lt;f&gt;)')
  })
})

describe('propertyList', () => {
  test('marks required properties, takes the description from the non-null branch and names every limit', () => {
    const html = propertyList({
      type: 'object',
      required: ['key'],
      additionalProperties: false,
      properties: {
        key: { type: 'string', pattern: '^[0-9]{2,4}$', description: 'An AI, e.g. `01`.' },
        ais: {
          anyOf: [{ type: 'array', maxItems: 100, minItems: 1, description: 'More AIs.' }, { type: 'null' }],
        },
        value: { type: 'string', minLength: 1, maxLength: 90, examples: ['ABC'] },
        index: { type: 'integer', minimum: 0, maximum: 9 },
      },
    })
    expect(html).toBe(
      '<dl class="fields">' +
        '<div><dt><code>key</code> <span class="type">string</span> <span class="req">required</span></dt>' +
        '<dd><p>An AI, e.g. <code>01</code>.</p><p class="muted">pattern <code>^[0-9]{2,4}$</code></p></dd></div>' +
        '<div><dt><code>ais</code> <span class="type">array of any | null</span></dt>' +
        '<dd><p>More AIs.</p><p class="muted">at least 1 item; at most 100 items</p></dd></div>' +
        '<div><dt><code>value</code> <span class="type">string</span></dt>' +
        '<dd><p class="muted">at least 1 character; at most 90 characters; e.g. <code>&quot;ABC&quot;</code></p></dd></div>' +
        '<div><dt><code>index</code> <span class="type">integer</span></dt>' +
        '<dd><p class="muted">minimum 0; maximum 9</p></dd></div>' +
        '</dl><p class="muted">No other properties.</p>',
    )
  })

  test('lists the properties of an inline object held in an array under its property', () => {
    const html = propertyList({
      properties: {
        keys: {
          type: 'array',
          items: { type: 'object', required: ['kid'], properties: { kid: { type: 'string' } } },
        },
      },
    })
    expect(html).toContain(
      '<dd><dl class="fields"><div><dt><code>kid</code> <span class="type">string</span> <span class="req">required</span></dt><dd></dd></div></dl></dd>',
    )
  })

  test('stops nesting inline objects after three levels', () => {
    let schema: Record<string, unknown> = { type: 'object', properties: { leaf: { type: 'string' } } }
    for (let i = 0; i < 6; i++) schema = { type: 'object', properties: { [`level${i}`]: schema } }
    const html = propertyList(schema)
    expect(html.match(/<dl class="fields">/g)?.length).toBe(4)
  })

  test('is empty for a schema without properties that allows others', () => {
    expect(propertyList({ type: 'string' })).toBe('')
  })
})

describe('schemaSection', () => {
  test('is a section under the anchor the type labels link to, with the schema’s description', () => {
    expect(schemaSection('KeyValue', { type: 'object', description: 'One AI and its value.' })).toBe(
      '<section class="schema" id="schema-KeyValue"><h3>KeyValue</h3><p class="type">object</p><p>One AI and its value.</p></section>',
    )
  })
})
