/** Scratch Postgres databases for tests and benches: a fresh database on a server, dropped when done. */
import postgres from 'postgres'
import { postgresTarget, socketOption } from '../../src/db/connection-url.ts'

/** One connection to `url`, in any form `DATABASE_URL` takes (a libpq Unix socket included). */
export function postgresClient(url: string): postgres.Sql {
  const target = postgresTarget(url)
  return postgres(target.url, { ...socketOption(target), max: 1, onnotice: () => {} })
}

/** A fresh database on the server of `adminUrl`; `drop()` removes it, ending any session still on it. */
export interface ScratchDatabase {
  readonly url: string
  readonly name: string
  drop(): Promise<void>
}

export async function createScratchDatabase(adminUrl: string, prefix = 'rel'): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`
  const admin = postgresClient(adminUrl)
  try {
    await admin.unsafe(`create database ${name}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const target = new URL(adminUrl)
  target.pathname = `/${name}`
  return {
    url: target.toString(),
    name,
    async drop() {
      const again = postgresClient(adminUrl)
      try {
        await again.unsafe(`drop database if exists ${name} with (force)`)
      } finally {
        await again.end({ timeout: 5 })
      }
    },
  }
}
