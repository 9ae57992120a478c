/** One process per embedded database directory: the lock inside it, a live holder refused, a dead one taken over. */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { DataDirInUseError, lockDataDir, lockPath, STALE_MS } from '../../src/db/data-dir-lock.ts'
import { openDatabase } from '../../src/db/database.ts'
import { openConfiguredDatabase } from '../../src/db/open.ts'
import { TEST_CONFIG } from '../support/app.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const root = makeTempDir('data-dir-lock')
afterAll(() => removeTempDir(root))
const ME = `${process.pid} ${hostname()}\n`

function directory(name: string): string {
  const dir = join(root, name)
  mkdirSync(dir, { recursive: true })
  return dir
}

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
  test('is a file inside the directory naming this process and host, taken again within the process, gone after the last release', () => {
    const dir = directory('a')
    const first = lockDataDir(dir)
    const second = lockDataDir(dir)
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(ME)
    first()
    first()
    expect(existsSync(lockPath(dir))).toBe(true)
    second()
    expect(existsSync(lockPath(dir))).toBe(false)
  })

  test('is one lock for every path to the directory', () => {
    const dir = directory('real')
    symlinkSync(dir, join(root, 'link'))
    const release = lockDataDir(dir)
    expect(readFileSync(lockPath(join(root, 'link')), 'utf8')).toBe(ME)
    release()
  })

  test('refuses a directory whose lock names a live process on this host, and says what to do', () => {
    const dir = directory('b')
    const other = liveProcess()
    try {
      writeFileSync(lockPath(dir), `${other.pid} ${hostname()}\n`)
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
      expect(() => lockDataDir(dir)).toThrow(
        `the directory ${dir} is in use by process ${other.pid} (the embedded database allows one process); ` +
          `stop that process first, set DATA_DIR to another directory, or use Postgres through DATABASE_URL ` +
          `(if no such process runs, remove ${lockPath(dir)})`,
      )
      expect(readFileSync(lockPath(dir), 'utf8')).toBe(`${other.pid} ${hostname()}\n`)
    } finally {
      other.stop()
    }
  })

  test('refuses a lock from another host (a container on the same volume) while it is touched, and takes it over after', () => {
    const dir = directory('c')
    writeFileSync(lockPath(dir), '1 other-container\n')
    expect(() => lockDataDir(dir)).toThrow(`is in use by process 1 on host other-container`)
    const old = (Date.now() - STALE_MS - 1000) / 1000
    utimesSync(lockPath(dir), old, old)
    const release = lockDataDir(dir)
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(ME)
    release()
  })

  test('takes over a lock left by a process that is gone, or one that names no process', async () => {
    for (const [name, content] of [
      ['d', `${await deadPid()} ${hostname()}\n`],
      ['e', 'garbage'],
      ['f', ''],
    ] as const) {
      const dir = directory(name)
      writeFileSync(lockPath(dir), content)
      const release = lockDataDir(dir)
      expect(readFileSync(lockPath(dir), 'utf8')).toBe(ME)
      release()
    }
  })

  test('goes to exactly one of several processes that ask at the same moment', async () => {
    const dir = directory('race')
    const module = JSON.stringify(join(import.meta.dir, '../../src/db/data-dir-lock.ts'))
    const at = Date.now() + 1500
    const script = `import { lockDataDir } from ${module}
while (Date.now() < ${at}) {}
try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); await Bun.sleep(1500) } catch { console.log('refused') }`
    const children = Array.from({ length: 6 }, () =>
      Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe' }),
    )
    const answers = await Promise.all(children.map((c) => new Response(c.stdout).text()))
    expect(answers.map((a) => a.trim()).sort()).toEqual([
      'locked',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ])
  }, 30_000)
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
