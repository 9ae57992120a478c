import { describe, expect, test } from 'bun:test'
import { decodeProtectedHeader } from 'jose'
import { generateSigningKey } from '../../src/auth/keys.ts'
import { createAuthService } from '../../src/auth/service.ts'
import { runKeysCommand } from '../../src/cli/keys.ts'
import { signingKeys } from '../../src/db/schema.ts'
import {
  ensureSigningKey,
  listSigningKeys,
  RETIRED_KEY_GRACE_MS,
} from '../../src/services/clients/signing-keys.ts'
import { testClock, testDeps } from '../support/app.ts'
import { cliContext } from '../support/cli.ts'
import { useTestDatabase } from '../support/db.ts'
import { seedOrganization } from '../support/people.ts'
import { authHarness, obtainToken, probe, seedClient } from './helpers.ts'

const database = useTestDatabase()

describe('signing keys', () => {
  test('instances starting at once on an empty database agree on one key, created by exactly one', async () => {
    const deps = [1, 2, 3].map(() => testDeps(database()))
    const services = await Promise.all(deps.map((d) => createAuthService(d)))
    try {
      expect(await database().db.select().from(signingKeys)).toHaveLength(1)
      const kids = services.map((s) =>
        s
          .jwks()
          .keys.map((k) => k.kid)
          .join(),
      )
      expect(new Set(kids).size).toBe(1)
      const created = deps
        .flatMap((d) => d.logger.lines)
        .filter((l) => l.includes('auth.signing_key.created'))
      expect(created).toHaveLength(1)
      const again = await Promise.all(
        [1, 2].map(() => ensureSigningKey(database().db, generateSigningKey, Date.now)),
      )
      expect(again.map((r) => r.created)).toEqual([false, false])
    } finally {
      await Promise.all(services.map((s) => s.close()))
    }
  })

  test('the private key is stored as a JWK and never published', async () => {
    const [row] = await database().db.select().from(signingKeys)
    expect(row?.privateJwk).toHaveProperty('d')
    const service = await createAuthService(testDeps(database()))
    expect(JSON.stringify(service.jwks())).not.toContain(String(row?.privateJwk.d))
    await service.close()
  })

  test('keys rotate: prints the new kid and the retired one; both keys keep verifying', async () => {
    const [before] = await database().db.select().from(signingKeys)
    const ctx = cliContext(database())
    expect(await runKeysCommand(['rotate', '--json'], ctx)).toBe(0)
    const printed = JSON.parse(ctx.out[0] ?? '{}')
    expect(printed).toEqual({ kid: expect.any(String), retired: [before?.kid] })
    const listed = cliContext(database())
    expect(await runKeysCommand(['list', '--json'], listed)).toBe(0)
    const keys = JSON.parse(listed.out[0] ?? '[]') as { kid: string; retiredAt: string | null }[]
    expect(keys.map((k) => [k.kid, k.retiredAt === null])).toEqual([
      [printed.kid, true],
      [before?.kid, false],
    ])
  })

  test('a rotation on another instance is picked up when a token with the new kid arrives', async () => {
    await seedOrganization(database(), 'acme')
    const client = await seedClient(database(), 'acme')
    const a = await authHarness(database())
    const b = await authHarness(database())
    try {
      const ctx = cliContext(database())
      await runKeysCommand(['rotate'], ctx)
      expect(ctx.out[0]).toStartWith('new signing key: ')
      await a.auth.reloadKeys()
      const token = await obtainToken(a.app, client)
      expect(`new signing key: ${decodeProtectedHeader(token).kid}`).toBe(ctx.out[0] as string)
      b.clock.advance(1000)
      expect((await b.app.handle(probe('/probe/codes', `Bearer ${token}`))).status).toBe(200)
    } finally {
      await Promise.all([a.auth.close(), b.auth.close()])
    }
  })

  test('retired keys verify for an hour plus grace, then drop out and are deleted at the next rotation', async () => {
    const clock = testClock()
    expect((await listSigningKeys(database().db, clock())).length).toBeGreaterThan(1)
    clock.advance(RETIRED_KEY_GRACE_MS + 1000)
    expect(await listSigningKeys(database().db, clock())).toHaveLength(1)
    const ctx = { ...cliContext(database()), clock }
    await runKeysCommand(['rotate'], ctx)
    const rows = await database().db.select().from(signingKeys)
    expect(rows).toHaveLength(2)
  })

  test('an unknown subcommand is a usage error', async () => {
    await expect(runKeysCommand(['burn'], cliContext(database()))).rejects.toThrow('usage:')
  })
})
