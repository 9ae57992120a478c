import { describe, expect, test } from 'bun:test'
import { openDatabase } from '../../src/db/database.ts'
import { TEST_DATABASE_URL, useTestDatabase } from '../support/db.ts'
import { createScratchDatabase } from '../support/scratch-db.ts'

const database = useTestDatabase()

describe('Database.queryRows', () => {
  const text = `select $1::text as word, $2::int + 1 as next, '["en","fr"]'::jsonb as languages,
    json_build_array($1::text, null) as pair where $2::int >= 0`

  test('binds positional parameters and gives each row as an array, JSON columns parsed', async () => {
    expect(await database().queryRows(text, ['a', 41])).toEqual([['a', 42, ['en', 'fr'], ['a', null]]])
  })

  test('runs the same text again with other parameters (prepared once per connection)', async () => {
    expect(await database().queryRows(text, ['b', 1])).toEqual([['b', 2, ['en', 'fr'], ['b', null]]])
    expect(await database().queryRows(text, ['c', -1])).toEqual([])
  })

  test('rejects a query the database refuses', async () => {
    await expect(database().queryRows('select * from no_such_table where 1 = $1', [1])).rejects.toThrow()
  })
})

describe.if(TEST_DATABASE_URL !== null)('a Postgres session', () => {
  test('names the process in pg_stat_activity and lets the server end a statement past its timeout', async () => {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL as string, 't_session')
    try {
      const opened = await openDatabase({
        url: scratch.url,
        applicationName: 'gs1-dl test',
        statementTimeoutMs: 200,
      })
      try {
        expect(
          await opened.queryRows(
            "select current_setting('application_name'), current_setting('statement_timeout')",
            [],
          ),
        ).toEqual([['gs1-dl test', '200ms']])
        await expect(opened.queryRows('select pg_sleep(2)', [])).rejects.toThrow(
          'canceling statement due to statement timeout',
        )
        expect(await opened.queryRows('select 1', [])).toEqual([[1]])
      } finally {
        await opened.close()
      }
    } finally {
      await scratch.drop()
    }
  })
})
