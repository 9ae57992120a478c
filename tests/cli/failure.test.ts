import { describe, expect, test } from 'bun:test'
import { failureLine } from '../../src/cli/context.ts'
import { ROOT } from '../support/processes.ts'

describe('failureLine', () => {
  test("prints a wrapped database error as the database's own reason, on one line, without SQL or parameters", () => {
    const driver = new Error('duplicate key value violates unique constraint "products_brand_slug_idx"')
    const wrapped = new Error('Failed query: insert into "products" values ($1)\nparams: 0950600013436,x', {
      cause: driver,
    })
    expect(failureLine(wrapped)).toBe(
      'error: duplicate key value violates unique constraint "products_brand_slug_idx"',
    )
  })

  test('keeps the first line of a plain error, and names a thrown non-error', () => {
    expect(failureLine(new Error('the file is not JSON\n  at line 3'))).toBe('error: the file is not JSON')
    expect(failureLine('gone')).toBe('error: gone')
    expect(failureLine(new Error(''))).toBe('error: unknown failure')
  })
})

describe('exitOnUncaught', () => {
  test('a throw outside any await is one line on stderr and exit code 1, without a stack trace', async () => {
    const script = `
      import { exitOnUncaught } from './src/cli/context.ts'
      exitOnUncaught((line) => console.error(line), process.exit)
      setTimeout(() => { throw new TypeError("null is not an object (evaluating 'socket.write')") }, 1)
      setTimeout(() => console.log('still running'), 2000)
    `
    const child = Bun.spawn([process.execPath, '-e', script], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
    expect(await child.exited).toBe(1)
    expect(await new Response(child.stderr).text()).toBe(
      "error: null is not an object (evaluating 'socket.write')\n",
    )
    expect(await new Response(child.stdout).text()).toBe('')
  })
})
