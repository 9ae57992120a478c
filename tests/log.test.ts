import { describe, expect, test } from 'bun:test'
import { createStdoutLogger, memoryLogger } from '../src/log.ts'

describe('loggers', () => {
  test('the stdout logger batches lines into one write per turn, and flush() writes at once', async () => {
    const writes: string[] = []
    const logger = createStdoutLogger({ write: (text: string) => writes.push(text) })
    logger.info('a', { n: 1 })
    logger.error('b')
    expect(writes).toEqual([])
    await Bun.sleep(5)
    expect(writes.length).toBe(1)
    const lines = (writes[0] ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => [l.level, l.event, l.n])).toEqual([
      ['info', 'a', 1],
      ['error', 'b', undefined],
    ])
    logger.info('c')
    logger.flush()
    expect(writes.length).toBe(2)
  })

  test('the memory logger keeps one JSON line per event', () => {
    const logger = memoryLogger()
    logger.info('request', { path: '/x', status: 200 })
    expect(JSON.parse(logger.lines[0] ?? '{}')).toMatchObject({
      level: 'info',
      event: 'request',
      path: '/x',
      status: 200,
    })
  })
})
