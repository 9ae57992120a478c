/** Locates the Deno executable installed from npm, skipping the package's Node launcher. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const MODULES = join(import.meta.dir, '..', '..', 'node_modules')

/**
 * The real binary: `node_modules/deno/deno` when the package's install script ran, else the platform package's
 * binary. The `.bin/deno` launcher is a Node script that spawns the binary as a child, so killing the launcher
 * would leave Deno running; tests must spawn (and kill) the binary itself. Null when none is installed.
 */
export function denoBinary(): string | null {
  const arch = process.arch === 'arm64' ? 'aarch64' : 'x64'
  const candidates = [
    join(MODULES, 'deno', 'deno'),
    join(MODULES, '@deno', `${process.platform}-${arch}-glibc`, 'deno'),
    join(MODULES, '@deno', `${process.platform}-${process.arch}-glibc`, 'deno'),
    join(MODULES, '@deno', `${process.platform}-${process.arch}`, 'deno'),
  ]
  return candidates.find((path) => existsSync(path)) ?? null
}
