import { describe, expect, test } from 'bun:test'
import { runHousekeeping, startHousekeeping } from '../../src/app/housekeeping.ts'
import { auditEvents, sessions } from '../../src/db/schema.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { createSession, SESSION_IDLE_MS } from '../../src/services/people/sessions.ts'
import { openTestDatabase, useTestDatabase } from '../support/db.ts'
import { seedOwner } from '../support/people.ts'

const database = useTestDatabase()
const NOW = Date.parse('2026-11-24T10:00:00Z')
const DAY = 24 * 60 * 60 * 1000

async function seedRows(): Promise<void> {
  const db = database().db
  const userId = await seedOwner(db, NOW)
  await createSession(db, userId, NOW - SESSION_IDLE_MS - 1000)
  await createSession(db, userId, NOW - 1000)
  const event = { actorKind: 'cli', actorLabel: 'cli', action: 'test', targetKind: 't' } as const
  await db.insert(auditEvents).values([
    { ...event, occurredAt: new Date(NOW - 401 * DAY) },
    { ...event, occurredAt: new Date(NOW - 1 * DAY) },
  ])
}

describe('housekeeping', () => {
  test('a pass deletes idle sessions and audit events past 400 days, keeps the rest, and says how many', async () => {
    await seedRows()
    const logger = memoryLogger()
    await runHousekeeping({ database: database(), clock: () => NOW, logger })
    expect(await database().db.select().from(sessions)).toHaveLength(1)
    const events = await database().db.select().from(auditEvents)
    expect(events.filter((e) => e.action === 'test').map((e) => e.occurredAt.getTime())).toEqual([NOW - DAY])
    expect(logger.lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 'info', event: 'housekeeping', sessions: 1, auditEvents: 1 },
    ])
    await runHousekeeping({ database: database(), clock: () => NOW, logger })
    expect(logger.lines).toHaveLength(1)
  })

  test('a pass on a database that is gone never throws: one log line naming the error, not its message', async () => {
    const closed = await openTestDatabase()
    await closed.close()
    const logger = memoryLogger()
    await runHousekeeping({ database: closed, clock: () => NOW, logger })
    const [line] = logger.lines.map((l) => JSON.parse(l))
    expect(Object.keys(line).sort()).toEqual(['error', 'event', 'level', 'time'])
    expect(line).toMatchObject({ level: 'error', event: 'housekeeping.failed' })
  })

  test('the first pass comes shortly after the start, not an interval later', async () => {
    const logger = memoryLogger()
    let passes = 0
    const clock = () => {
      passes++
      return NOW
    }
    const timer = startHousekeeping({ database: database(), clock, logger }, 60 * 60 * 1000, 5)
    for (let i = 0; i < 200 && passes === 0; i++) await Bun.sleep(5)
    await timer.stop()
    expect(passes).toBe(1)
  })

  test('the timer runs passes until stopped', async () => {
    const logger = memoryLogger()
    let passes = 0
    const clock = () => {
      passes++
      return NOW
    }
    const timer = startHousekeeping({ database: database(), clock, logger }, 5)
    while (passes < 2) await Bun.sleep(5)
    await timer.stop()
    const after = passes
    await Bun.sleep(30)
    expect(passes).toBe(after)
  })
})
