import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { postgresTarget, redactConnectionUrl } from '../../src/db/connection-url.ts'
import { openDatabase } from '../../src/db/database.ts'
import { TEST_DATABASE_URL } from '../support/db.ts'
import { createScratchDatabase, postgresClient } from '../support/scratch-db.ts'

describe('redactConnectionUrl', () => {
  test('hides the userinfo password and every secret-looking query parameter, keeps the rest as written', () => {
    expect(redactConnectionUrl('postgres://u:hunter2@db.example:5432/gs1dl')).toBe(
      'postgres://u:***@db.example:5432/gs1dl',
    )
    expect(
      redactConnectionUrl(
        'postgresql://u@db/x?sslmode=require&password=hunter2&application_name=a%20b&sslpassword=s3cret&PassWord=x',
      ),
    ).toBe(
      'postgresql://u@db/x?sslmode=require&password=***&application_name=a%20b&sslpassword=***&PassWord=***',
    )
    expect(
      redactConnectionUrl('postgres://u@db/x?pass%77ord=hunter2&sslkey=/k.pem&token&x=1#password=y'),
    ).toBe('postgres://u@db/x?pass%77ord=***&sslkey=***&token=***&x=1')
    expect(redactConnectionUrl('postgres://u@db/x')).toBe('postgres://u@db/x')
    expect(redactConnectionUrl('not a url hunter2')).toBe('(unparseable URL)')
  })

  test('no password, in whatever characters, survives in the userinfo or the query (property)', () => {
    const secret = fc.string({ minLength: 1, maxLength: 24 }).filter((s) => s.trim() !== '')
    fc.assert(
      fc.property(secret, fc.constantFrom('password', 'sslpassword', 'PGPASSWORD'), (value, name) => {
        const encoded = encodeURIComponent(value)
        const url = `postgres://user:${encoded}@db.example/x?sslmode=require&${name}=${encoded}`
        const redacted = redactConnectionUrl(url)
        expect(redacted).toBe(`postgres://user:***@db.example/x?sslmode=require&${name}=***`)
      }),
    )
  })
})

describe('postgresTarget', () => {
  test('a URL naming a host is handed on unchanged, query and all', () => {
    for (const url of [
      'postgres://u:p@db.example:5432/gs1dl',
      'postgresql://u@127.0.0.1/gs1dl?sslmode=require&application_name=a%20b',
      'postgres://u@[::1]:6543/x',
    ])
      expect(postgresTarget(url)).toEqual({ url, socket: null })
  })

  test('a socket directory in the host parameter becomes the socket file, port 5432 by default', () => {
    expect(postgresTarget('postgresql:///gs1dl?host=/var/lib/postgresql')).toEqual({
      url: 'postgresql://localhost/gs1dl',
      socket: '/var/lib/postgresql/.s.PGSQL.5432',
    })
    expect(postgresTarget('postgresql://u@h:6000/gs1dl?sslmode=disable&host=/tmp/')).toEqual({
      url: 'postgresql://u@localhost:6000/gs1dl?sslmode=disable',
      socket: '/tmp/.s.PGSQL.6000',
    })
  })

  test('a percent-encoded socket directory as the host becomes the socket file, credentials kept', () => {
    expect(postgresTarget('postgres://u:secret@%2Fvar%2Flib%2Fpostgresql:5433/gs1dl')).toEqual({
      url: 'postgres://u:secret@localhost:5433/gs1dl',
      socket: '/var/lib/postgresql/.s.PGSQL.5433',
    })
  })

  test("libpq's port parameter names the socket file, and never reaches the server as a setting", () => {
    expect(postgresTarget('postgresql:///gs1dl?host=/var/lib/postgresql&port=5433')).toEqual({
      url: 'postgresql://localhost/gs1dl',
      socket: '/var/lib/postgresql/.s.PGSQL.5433',
    })
    expect(postgresTarget('postgres://u@db.example/gs1dl?port=6432&sslmode=require')).toEqual({
      url: 'postgres://u@db.example:6432/gs1dl?sslmode=require',
      socket: null,
    })
  })

  test('refuses what it cannot serve with a message: host lists, bad ports and malformed hosts', () => {
    expect(() => postgresTarget('postgresql:///gs1dl?host=/a,/b')).toThrow(
      'a list of hosts is not supported here; name one host or socket directory',
    )
    expect(() => postgresTarget('postgresql:///gs1dl?host=/a&port=x')).toThrow('port must be a port number')
    expect(() => postgresTarget('postgresql:///gs1dl?port=70000')).toThrow('port must be a port number')
    expect(() => postgresTarget('postgres://u@%zz/gs1dl')).toThrow(
      'the host has a malformed percent-encoding',
    )
  })

  test('a host name in the host parameter replaces the URL host, and never reaches the server as a setting', () => {
    expect(postgresTarget('postgres://u@h/gs1dl?host=db.internal')).toEqual({
      url: 'postgres://u@db.internal/gs1dl',
      socket: null,
    })
    expect(postgresTarget('postgres://u@h/gs1dl?host=')).toEqual({
      url: 'postgres://u@h/gs1dl',
      socket: null,
    })
  })

  test('property: the result never carries a host parameter, and a socket file is named for the port', () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/)
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 65535 })),
        (dirs, port) => {
          const dir = `/${dirs.join('/')}`
          const authority = port === null ? 'h' : `h:${port}`
          const target = postgresTarget(`postgresql://u@${authority}/db?host=${encodeURIComponent(dir)}`)
          expect(new URL(target.url).searchParams.has('host')).toBe(false)
          expect(target.socket).toBe(`${dir}/.s.PGSQL.${port ?? 5432}`)
        },
      ),
    )
  })
})

describe.if(TEST_DATABASE_URL !== null)('openDatabase over a Unix socket', () => {
  test('both libpq socket forms reach the server through its socket, not TCP', async () => {
    const admin = postgresClient(TEST_DATABASE_URL as string)
    const [row] = await admin`show unix_socket_directories`
    await admin.end({ timeout: 5 })
    const directory =
      String(row?.unix_socket_directories ?? '')
        .split(',')[0]
        ?.trim() ?? ''
    expect(directory).toStartWith('/')
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 't_socket')
    try {
      const tcp = new URL(postgresTarget(TEST_DATABASE_URL as string).url)
      const user = tcp.username === '' ? '' : `${tcp.username}@`
      const port = tcp.port === '' ? '' : `:${tcp.port}`
      for (const url of [
        `postgresql://${user}localhost${port}/${scratch.name}?host=${encodeURIComponent(directory)}`,
        `postgresql://${user}${encodeURIComponent(directory)}${port}/${scratch.name}`,
      ]) {
        const database = await openDatabase({ url })
        try {
          // A Unix-socket session has no server IP address.
          expect(
            await database.queryRows('select inet_server_addr() is null, current_database()', []),
          ).toEqual([[true, scratch.name]])
        } finally {
          await database.close()
        }
      }
    } finally {
      await scratch.drop()
    }
  })
})
