import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AUDIT_ACTION_LABELS } from '../../src/dashboard/views/audit.ts'

const SERVICES = join(import.meta.dir, '..', '..', 'src', 'services')

/** The action names the services write to the audit log (`action: 'x.y'`, both arms of a choice). */
function recordedActions(): string[] {
  const found = new Set<string>()
  const files = readdirSync(SERVICES, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
  for (const file of files) {
    const text = readFileSync(join(SERVICES, file), 'utf8')
    for (const line of text.matchAll(/action: ([^\n]+)/g))
      for (const name of (line[1] as string).matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.add(name[1] as string)
  }
  return [...found].sort()
}

describe('audit log labels', () => {
  test('every action the services record has words in the audit log, and no label is for nothing', () => {
    const recorded = recordedActions()
    expect(recorded.length).toBeGreaterThan(15)
    expect(recorded.filter((a) => AUDIT_ACTION_LABELS[a] === undefined)).toEqual([])
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((a) => !recorded.includes(a))).toEqual([])
  })
})
