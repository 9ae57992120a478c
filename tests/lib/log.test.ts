import { describe, expect, test } from 'bun:test'
import { Writable } from 'node:stream'
import { createLogger, createStdoutLogger, type LogFields, memoryLogger } from '../../src/lib/log.ts'

describe('loggers', () => {
  test('the stdout logger batches lines into one write per turn, and flush() writes at once', async () => {
    const writes: string[] = []
    const logger = createStdoutLogger({ write: (text: string) => writes.push(text) })
    logger.info('a', { n: 1 })
    logger.error('b')
    expect(writes).toEqual([])
    // The logger flushes on a 0 ms timer; a timer set after it runs after it.
    await new Promise((resolve) => setTimeout(resolve, 0))
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

  test('a line is time, level and event, then the fields in order; undefined fields are left out', () => {
    const logger = memoryLogger()
    const before = Date.now()
    logger.error('bad "event"\n', { path: '/a"b', status: 500, skipped: undefined, ok: false, none: null })
    logger.info('bare')
    logger.info('empty', {})
    const [first, second, third] = logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(Object.keys(first ?? {})).toEqual(['time', 'level', 'event', 'path', 'status', 'ok', 'none'])
    expect(first).toMatchObject({
      level: 'error',
      event: 'bad "event"\n',
      path: '/a"b',
      ok: false,
      none: null,
    })
    expect(second).toEqual({ time: second?.time, level: 'info', event: 'bare' })
    expect(third).toEqual({ time: third?.time, level: 'info', event: 'empty' })
    const time = Date.parse(String(first?.time))
    expect(String(first?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(time).toBeGreaterThanOrEqual(before)
    expect(time).toBeLessThanOrEqual(Date.now())
  })

  test('logging never throws: not for a failing writer, a failing stdout or fields JSON cannot hold', async () => {
    const failing = createLogger(() => {
      throw new Error('disk full')
    })
    expect(() => failing.info('request', { path: '/x' })).not.toThrow()
    expect(() => failing.error('api.error')).not.toThrow()
    const written: string[] = []
    const logger = createLogger((line) => written.push(line))
    // The types forbid it; a caller that casts must still not take the process down from a hook.
    expect(() => logger.info('odd', { n: 1n } as unknown as LogFields)).not.toThrow()
    expect(written).toEqual([])
    const stdout = createStdoutLogger({
      write: () => {
        throw new Error('EPIPE')
      },
    })
    stdout.info('a')
    expect(() => stdout.flush()).not.toThrow()
    // The batched write runs on a timer, where a throw would be uncaught: it must not throw there either.
    stdout.info('b')
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  test('a stdout whose reader is gone (EPIPE as an error event) does not end the process', async () => {
    let writes = 0
    // Like process.stdout once the pipe's reader has exited: every write fails, reported as an 'error' event.
    const broken = new Writable({
      write(_chunk, _encoding, done) {
        writes++
        done(Object.assign(new Error('broken pipe'), { code: 'EPIPE' }))
      },
    })
    const logger = createStdoutLogger(broken)
    logger.info('request', { path: '/healthz' })
    logger.flush()
    // An unheard 'error' event would be an uncaught exception here, failing this file.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(writes).toBe(1)
    expect(broken.listenerCount('error')).toBe(1)
  })
})
