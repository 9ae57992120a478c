/**
 * Per-client and per-organization standing, cached so a verified request needs no database round
 * trip. Entries live at most `ttlMs` (a lost notification still converges) and are all dropped when
 * a `clients_changed` notification arrives (block, unblock, delete, plan change on any instance).
 */
import { dropOldest } from '../lib/bounded-map.ts'

/** What the guard needs to know about a client between notifications. */
export type ClientStanding = { active: true; organizationId: string } | { active: false }

export interface StandingLoaders {
  /** The client's organization and block flag, plus its organization's coverage; null when deleted. */
  client(clientId: string): Promise<{ organizationId: string; blocked: boolean; covered: boolean } | null>
  /** Whether the organization's subscription covers API clients; false when it no longer exists. */
  organization(organizationId: string): Promise<boolean>
}

export interface StandingCache {
  /** The fresh cached standing, or `undefined` when it must be loaded. */
  peekClient(clientId: string, now: number): ClientStanding | undefined
  peekOrganization(organizationId: string, now: number): boolean | undefined
  loadClient(clientId: string, now: number): Promise<ClientStanding>
  loadOrganization(organizationId: string, now: number): Promise<boolean>
  /** Forgets everything (a notification arrived). */
  clear(): void
}

interface Entry<T> {
  value: T
  expires: number
}

/** Upper bound on cached entries; only clients holding validly signed tokens ever get an entry. */
const MAX_ENTRIES = 50_000

/** Creates the cache; `ttlMs` bounds staleness when a notification is lost (5 s across instances). */
export function createStandingCache(loaders: StandingLoaders, ttlMs: number): StandingCache {
  const clients = new Map<string, Entry<ClientStanding>>()
  const orgs = new Map<string, Entry<boolean>>()
  const pending = new Map<string, Promise<unknown>>()
  // Bumped by clear(): a load that began before a notification must not store its stale answer.
  let generation = 0

  function fresh<T>(map: Map<string, Entry<T>>, key: string, now: number): T | undefined {
    const entry = map.get(key)
    if (entry === undefined) return undefined
    if (entry.expires > now) return entry.value
    map.delete(key)
    return undefined
  }

  function store<T>(map: Map<string, Entry<T>>, key: string, value: T, expires: number): void {
    map.set(key, { value, expires })
    dropOldest(map, MAX_ENTRIES)
  }

  function once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = pending.get(key) as Promise<T> | undefined
    if (running) return running
    const promise = load().finally(() => pending.delete(key))
    pending.set(key, promise)
    return promise
  }

  return {
    peekClient: (clientId, now) => fresh(clients, clientId, now),
    peekOrganization: (organizationId, now) => fresh(orgs, organizationId, now),
    loadClient(clientId, now) {
      return once(`c:${clientId}`, async () => {
        const started = generation
        const row = await loaders.client(clientId)
        const standing: ClientStanding =
          row && !row.blocked ? { active: true, organizationId: row.organizationId } : { active: false }
        if (started === generation) {
          store(clients, clientId, standing, now + ttlMs)
          if (row) store(orgs, row.organizationId, row.covered, now + ttlMs)
        }
        return standing
      })
    },
    loadOrganization(organizationId, now) {
      return once(`o:${organizationId}`, async () => {
        const started = generation
        const covered = await loaders.organization(organizationId)
        if (started === generation) store(orgs, organizationId, covered, now + ttlMs)
        return covered
      })
    },
    clear() {
      generation++
      clients.clear()
      orgs.clear()
    },
  }
}
