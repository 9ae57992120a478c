/**
 * A newcomer's first hour (issue #30): the first start on a fresh data directory, with nothing but the ports set, and
 * every command its banner prints and the README's first-hour CLI block run as printed, in a shell, beside the
 * running service.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DATABASE_HOOK_TIMEOUT_MS } from './support/db.ts'
import { freePorts, ROOT, waitForOk } from './support/processes.ts'
import { makeTempDir } from './support/temp.ts'

let service: ReturnType<typeof Bun.spawn>
let bannerText = ''
let workDir: string
let ports: { api: number; resolver: number; dashboard: number }

const env = () => ({
  // `bun` as the README writes it: the Bun running these tests.
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  HOME: process.env.HOME ?? '',
  NO_COLOR: '1',
  API_PORT: String(ports.api),
  RESOLVER_PORT: String(ports.resolver),
  DASHBOARD_PORT: String(ports.dashboard),
  DATA_DIR: join(workDir, 'pglite'),
})

beforeAll(async () => {
  workDir = makeTempDir('first-hour')
  const [api, resolver, dashboard] = (await freePorts(3)) as [number, number, number]
  ports = { api, resolver, dashboard }
  service = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: env(),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const reader = (service.stdout as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  while (!bannerText.includes('Administration:')) {
    const { done, value } = await reader.read()
    if (done) break
    bannerText += decoder.decode(value, { stream: true })
  }
  // The rest of the output (request log lines) is read and dropped, so the service never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) {}
  })()
  await waitForOk(`http://127.0.0.1:${api}/readyz`, 90_000)
  await waitForOk(`http://127.0.0.1:${resolver}/readyz`, 30_000)
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  service?.kill('SIGTERM')
  await service?.exited
}, DATABASE_HOOK_TIMEOUT_MS)

/** The banner's shell commands: its indented command lines, and the commands inside its `# …: command` hints. */
function bannerCommands(): string[] {
  const lines = bannerText.split('\n')
  const from = lines.indexOf('Try it:')
  return lines
    .slice(from + 1)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('{'))
    .flatMap((line) => {
      if (!line.startsWith('#')) return /^(TOKEN=|curl )/.test(line) ? [line] : []
      const hint = /: ((?:npx )?bun run cli .+)$/.exec(line)
      return hint ? [hint[1] as string] : []
    })
}

/** Runs `command` in bash after the banner's token line, in `cwd`; its exit code and output. */
async function shell(command: string, cwd: string) {
  const tokenLine = bannerCommands().find((c) => c.startsWith('TOKEN=')) ?? ''
  const child = Bun.spawn(['bash', '-c', `${tokenLine}\n${command}`], {
    cwd,
    env: env(),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ])
  return { code, stdout, stderr }
}

describe('the first start, as a newcomer sees it', () => {
  test('shows the demo client, the demo owner and commands for the API, the resolver and the CLI', () => {
    expect(bannerText).toContain('client secret: ')
    expect(bannerText).toContain(`set password:  http://localhost:${ports.dashboard}/set-password?token=`)
    const commands = bannerCommands()
    expect(commands.filter((c) => c.startsWith('curl')).length).toBeGreaterThanOrEqual(5)
    expect(commands.some((c) => c.includes('bun run cli'))).toBe(true)
  })

  test('the demo owner’s link opens the dashboard’s set-password page for that account', async () => {
    const link = /set password: {2}(\S+)/.exec(bannerText)?.[1] ?? ''
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('owner@dalgiardino.example')
  })

  test(
    'every command it prints runs as printed and leads somewhere real',
    async () => {
      for (const command of bannerCommands()) {
        if (command.startsWith('TOKEN=')) continue
        const cwd = command.includes('bun run cli') ? ROOT : workDir
        const r = await shell(command, cwd)
        expect({ command, code: r.code, stderr: r.stderr }).toEqual({ command, code: 0, stderr: r.stderr })
        if (command.includes('/code '))
          expect(JSON.parse(r.stdout).dataString ?? r.stdout).toContain('4012345000009')
        else if (command.includes('/render '))
          expect(readFileSync(join(workDir, 'code.svg'), 'utf8')).toStartWith('<svg')
        else if (command.startsWith('curl -si')) {
          expect(r.stdout).toStartWith('HTTP/1.1 307')
          const location = /^location: (\S+)/im.exec(r.stdout)?.[1] ?? ''
          const target = new URL(location, `http://localhost:${ports.resolver}`)
          expect(target.port).toBe(String(ports.resolver))
          const page = await fetch(target.href)
          expect(page.status).toBe(200)
        } else if (command.includes('linkset+json')) expect(JSON.parse(r.stdout).linkset).toBeArray()
        else if (command.includes('user create')) expect(r.stdout).toContain('set-password link')
      }
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )
})

/** The shell blocks of the README section headed `heading`. */
function readmeBlocks(heading: string): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf(`\n## ${heading}\n`))
  const body = section.slice(0, section.indexOf('\n## ', 4) === -1 ? undefined : section.indexOf('\n## ', 4))
  return [...body.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => (m[1] as string).trim().split('\n'))
}

describe('the README', () => {
  test('installs the Bun the project pins', () => {
    const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).devDependencies.bun
    const lines = readmeBlocks('Quick start (a fresh machine with Node.js and npm)').flat()
    expect(lines.length).toBe(2)
    for (const line of lines)
      expect(line).toStartWith(`npx --yes bun@${pinned} install --frozen-lockfile && npx bun `)
  })

  test(
    'every command of its first-hour CLI block runs as printed beside the running service',
    async () => {
      const [block] = readmeBlocks('Administration CLI')
      const commands = (block ?? []).map((line) => line.replace(/\s+#.*$/, ''))
      expect(commands.length).toBeGreaterThanOrEqual(15)
      // The block writes this file; one a reader left by running the block is put back as it was.
      const exported = join(ROOT, 'northwind-catalog.json')
      const left = existsSync(exported) ? readFileSync(exported) : null
      try {
        for (const command of commands) {
          const r = await shell(command, ROOT)
          expect({ command, code: r.code, stderr: r.stderr }).toEqual({ command, code: 0, stderr: r.stderr })
        }
      } finally {
        if (left === null) rmSync(exported, { force: true })
        else writeFileSync(exported, left)
      }
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )
})
