import { describe, expect, test } from 'bun:test'
import { ownHostProblem, resolverHost, serviceHosts } from '../../src/security/service-hosts.ts'

const ORIGINS = {
  resolverUrl: 'https://ID.Example.com:8443',
  shortUrl: 'https://id.example.com',
  apiUrl: 'https://api.example.com',
  dashboardUrl: 'https://dashboard.example.com/',
}

describe('the service’s own hosts', () => {
  test('are the hosts of its four origins, lower case and without port, each named by its variable', () => {
    expect([...serviceHosts(ORIGINS)]).toEqual([
      ['id.example.com', 'RESOLVER_URL'],
      ['api.example.com', 'API_URL'],
      ['dashboard.example.com', 'DASHBOARD_URL'],
    ])
  })

  test('a custom domain equal to one of them, however written, is refused with that variable', () => {
    const hosts = serviceHosts(ORIGINS)
    expect(ownHostProblem('ID.EXAMPLE.COM.', hosts)).toStartWith(
      'id.example.com is a host of this service itself (RESOLVER_URL)',
    )
    expect(ownHostProblem('products.brand.example', hosts)).toBeNull()
    expect(ownHostProblem('sub.id.example.com', hosts)).toBeNull()
  })

  test('the DNS target of a custom domain is the resolver’s host', () => {
    expect(resolverHost(ORIGINS)).toBe('id.example.com')
  })
})
