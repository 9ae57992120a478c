import { describe, expect, test } from 'bun:test'
import { useTestDatabase } from '../support/db.ts'

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
