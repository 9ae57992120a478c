/** One process per embedded database directory: the lock beside it, a live holder refused, a dead one taken over. */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataDirInUseError, lockDataDir, lockPath } from '../../src/db/data-dir-lock.ts'
import { openDatabase } from '../../src/db/database.ts'
import { openConfiguredDatabase } from '../../src/db/open.ts'
import { TEST_CONFIG } from '../support/app.ts'

const root = mkdtempSync(join(tmpdir(), 'data-dir-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A process that exists until `stop()`. */
function liveProcess() {
  const child = Bun.spawn(['sleep', '60'])
  return { pid: child.pid, stop: () => child.kill() }
}

async function deadPid(): Promise<number> {
  const child = Bun.spawn(['true'])
  await child.exited
  return child.pid
}

describe('the data directory lock', () => {
  test('is a file beside the directory holding this PID, taken again within the process, gone after the last release', () => {
    const dir = join(root, 'a')
    const first = lockDataDir(dir)
    const second = lockDataDir(dir)
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(`${process.pid}\n`)
    first()
    first()
    expect(existsSync(lockPath(dir))).toBe(true)
    second()
    expect(existsSync(lockPath(dir))).toBe(false)
  })

  test('refuses a directory whose lock names a live process, and says what to do', () => {
    const dir = join(root, 'b')
    const other = liveProcess()
    try {
      writeFileSync(lockPath(dir), `${other.pid}\n`)
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
      expect(() => lockDataDir(dir)).toThrow(
        `the directory ${dir} is in use by process ${other.pid} (the embedded database allows one process); ` +
          `stop that process first, or use Postgres through DATABASE_URL (if no such process runs, remove ${lockPath(dir)})`,
      )
      expect(readFileSync(lockPath(dir), 'utf8')).toBe(`${other.pid}\n`)
    } finally {
      other.stop()
    }
  })

  test('takes over a lock left by a process that is gone, or one that names no process', async () => {
    for (const [name, content] of [
      ['c', `${await deadPid()}\n`],
      ['d', 'garbage'],
    ] as const) {
      const dir = join(root, name)
      writeFileSync(lockPath(dir), content)
      const release = lockDataDir(dir)
      expect(readFileSync(lockPath(dir), 'utf8')).toBe(`${process.pid}\n`)
      release()
    }
  })
})

describe('opening an embedded database', () => {
  test('a second process is refused while the first has the directory open, with one line', async () => {
    const dir = join(root, 'db')
    const script = `import { openDatabase } from ${JSON.stringify(join(import.meta.dir, '../../src/db/database.ts'))}
await openDatabase({ dataDir: ${JSON.stringify(dir)} })
console.log('ready')
await Bun.sleep(60_000)`
    const server = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' })
    try {
      const reader = server.stdout.getReader()
      const { value } = await reader.read()
      expect(new TextDecoder().decode(value)).toBe('ready\n')
      const error = await openConfiguredDatabase({ ...TEST_CONFIG, databaseUrl: null, dataDir: dir }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toStartWith(
        `cannot open the database at ${dir}: the directory ${dir} is in use by process ${server.pid}`,
      )
    } finally {
      server.kill()
      await server.exited
    }
    // The holder is gone: its lock is stale and the directory opens.
    const database = await openDatabase({ dataDir: dir })
    await database.close()
    expect(existsSync(lockPath(dir))).toBe(false)
  }, 30_000)
})
