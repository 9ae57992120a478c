/** The requests of the mixed load: resolver scans of every kind, token requests, single codes and batches. */
import { encodeLink } from '../../src/epc/index.ts'

/** The demo catalog's brand whose custom domain is active. */
const CUSTOM_DOMAIN = 'id.dalgiardino.example'

/** One kind of request: its lane (which loops send it), weight within the lane, variants and expected status. */
export interface Kind {
  readonly name: string
  readonly lane: 'resolver' | 'api' | 'token'
  readonly weight: number
  readonly expect: number
  readonly variants: readonly { url: string; init: RequestInit }[]
}

/** A compressed link (`/eh…` or `/ex…`) of a GTIN with a serial number. */
function compressed(gtin: string, serial: string, form: 'hex' | 'base64'): string {
  const encoded = encodeLink({ gtin, qualifiers: [{ ai: '21', value: serial }], attributes: [] }, form)
  if (!encoded.ok) throw new Error(encoded.message)
  return `/${encoded.segment}`
}

/** Scans of the demo catalog on the resolver host and on the brand's custom domain. */
export function resolverKinds(resolver: string): Kind[] {
  const get = (path: string, headers: Record<string, string> = {}) => ({
    url: `${resolver}${path}`,
    init: { redirect: 'manual', headers: { accept: 'text/html', ...headers } } as RequestInit,
  })
  const linkset = { accept: 'application/linkset+json' }
  const json = { accept: 'application/json' }
  return [
    {
      name: 'redirect',
      lane: 'resolver',
      weight: 40,
      expect: 307,
      variants: [
        get('/01/4012345000009'),
        get('/01/4012345000009/10/LOT42?17=261231', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' }),
        get('/01/09506000134352/10/ABC123'),
        get('/01/09506000134376?linkType=gs1:traceability', { host: CUSTOM_DOMAIN }),
      ],
    },
    {
      name: 'linkset',
      lane: 'resolver',
      weight: 20,
      expect: 200,
      variants: [
        get('/01/09506000134352/21/S-1', linkset),
        get('/01/4012345000009?linkType=linkset', json),
        get('/01/09506000134376', { ...linkset, host: CUSTOM_DOMAIN }),
      ],
    },
    {
      name: 'compressed',
      lane: 'resolver',
      weight: 25,
      expect: 307,
      variants: [
        get(compressed('04012345000009', '1001', 'hex')),
        get(compressed('09506000134376', 'A-7', 'base64')),
      ],
    },
    {
      name: 'not found',
      lane: 'resolver',
      weight: 10,
      expect: 404,
      // An unpublished product, and a GTIN nobody publishes (a cached miss).
      variants: [get('/01/09506000134369', json), get('/01/09506000134390')],
    },
    {
      name: 'invalid',
      lane: 'resolver',
      weight: 5,
      expect: 400,
      variants: [get('/01/4012345000008', json), get('/01/4012345000009/21/')],
    },
  ]
}

/** A code definition: an element string or a Digital Link, with a lot and an expiry date. */
function definition(i: number) {
  return {
    reference: `r${i}`,
    mode: i % 2 === 0 ? 'GS1_DATAMATRIX' : 'QR_GS1_DIGITAL_LINK_URI',
    primaryKey: { key: '01', value: '09506000134352' },
    ais: [
      { key: '10', value: `LOT${i}` },
      { key: '17', value: '261231' },
    ],
    ...(i % 2 === 0 ? {} : { digitalLinkStem: 'https://id.example.com' }),
  }
}

/** Token requests with `basic` credentials; single codes and batches of 25 with `token`. */
export function apiKinds(api: string, basic: string, token: string): Kind[] {
  const post = (path: string, body: string, headers: Record<string, string>) => ({
    url: `${api}${path}`,
    init: { method: 'POST', body, headers } as RequestInit,
  })
  const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const form = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }
  const batch = { codes: Array.from({ length: 25 }, (_, i) => definition(i)) }
  return [
    {
      name: 'token',
      lane: 'token',
      weight: 1,
      expect: 200,
      variants: [post('/oauth/token', 'grant_type=client_credentials', form)],
    },
    {
      name: 'code',
      lane: 'api',
      weight: 70,
      expect: 200,
      variants: [1, 2].map((i) => post('/code', JSON.stringify(definition(i)), bearer)),
    },
    {
      name: 'batch (25)',
      lane: 'api',
      weight: 30,
      expect: 200,
      variants: [post('/codes', JSON.stringify(batch), bearer)],
    },
  ]
}

/** A first token for the code requests. */
export async function firstToken(api: string, basic: string): Promise<string> {
  const [token] = apiKinds(api, basic, '')
  const response = await fetch(`${api}/oauth/token`, token?.variants[0]?.init)
  if (response.status !== 200) throw new Error(`token request answered ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}
