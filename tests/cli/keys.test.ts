import { afterAll, describe, expect, test } from 'bun:test'
import { generateKeyPairSync } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SigningKeySource } from '../../src/app/config.ts'
import { loadSigningKey } from '../../src/auth/key-source.ts'
import { runKeysCommand } from '../../src/cli/keys.ts'
import { signingKeys } from '../../src/db/schema.ts'
import { TEST_CONFIG } from '../support/app.ts'
import { cliContext } from '../support/cli.ts'
import { useTestDatabase } from '../support/db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const database = useTestDatabase()
const dir = makeTempDir('cli-keys')
afterAll(() => removeTempDir(dir))

const SECRET = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')

/** A CLI context whose configuration names the signing key. */
function environmentContext(signingKey: SigningKeySource) {
  return { ...cliContext(database()), config: { ...TEST_CONFIG, signingKey } }
}

function keyFile(): string {
  const path = join(dir, 'signing.pem')
  writeFileSync(path, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }))
  return path
}

describe('keys with the signing key in the environment', () => {
  test('rotate refuses (exit 1) with one line saying the key comes from JWT_SECRET; nothing is stored', async () => {
    const ctx = environmentContext({ source: 'JWT_SECRET', secret: SECRET })
    expect(await runKeysCommand(['rotate'], ctx)).toBe(1)
    expect(ctx.out).toEqual([])
    expect(ctx.err).toEqual([
      'error: the signing key comes from the environment (JWT_SECRET), not the database; to rotate it, set a new JWT_SECRET on every instance and restart them',
    ])
    expect(ctx.err.join()).not.toContain(SECRET)
    expect(await database().db.select().from(signingKeys)).toEqual([])
  })

  test('rotate refuses with JWT_KEY_FILE too, even with --json', async () => {
    const ctx = environmentContext({ source: 'JWT_KEY_FILE', path: keyFile() })
    expect(await runKeysCommand(['rotate', '--json'], ctx)).toBe(1)
    expect(ctx.err).toEqual([
      'error: the signing key comes from the environment (JWT_KEY_FILE), not the database; to rotate it, put a new key in JWT_KEY_FILE on every instance and restart them',
    ])
    expect(await database().db.select().from(signingKeys)).toEqual([])
  })

  test('list shows the environment’s key and where it comes from', async () => {
    const source: SigningKeySource = { source: 'JWT_SECRET', secret: SECRET }
    const { kid } = await loadSigningKey(source)
    const text = environmentContext(source)
    expect(await runKeysCommand(['list'], text)).toBe(0)
    expect(text.out).toEqual([`${kid}\tEdDSA\tactive\tJWT_SECRET`])
    const json = environmentContext(source)
    expect(await runKeysCommand(['list', '--json'], json)).toBe(0)
    expect(JSON.parse(json.out[0] ?? 'null')).toEqual([{ kid, algorithm: 'EdDSA', source: 'JWT_SECRET' }])
  })

  test('without JWT_SECRET or JWT_KEY_FILE, rotate works on the database as before', async () => {
    const ctx = cliContext(database())
    expect(await runKeysCommand(['rotate', '--json'], ctx)).toBe(0)
    expect(JSON.parse(ctx.out[0] ?? '{}')).toEqual({ kid: expect.any(String), retired: [] })
    expect(await database().db.select().from(signingKeys)).toHaveLength(1)
  })
})
