/** How the dashboard writes times, plans and other values for people. */

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})

/** "24 Nov 2026, 10:05 UTC" (the dashboard shows UTC: it serves people in many time zones). */
export function dateTime(iso: string | Date): string {
  return `${DATE_TIME.format(typeof iso === 'string' ? new Date(iso) : iso)} UTC`
}

const PLAN_NAMES: Readonly<Record<string, string>> = {
  free: 'Free',
  starter: 'Starter',
  pro: 'Pro',
  enterprise: 'Enterprise',
}

export function planName(plan: string): string {
  return PLAN_NAMES[plan] ?? plan
}

const STATUS_NAMES: Readonly<Record<string, string>> = {
  active: 'active',
  past_due: 'past due',
  canceled: 'canceled',
}

export function statusName(status: string): string {
  return STATUS_NAMES[status] ?? status
}

/** A count with its noun: "1 product", "3 products". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? noun : plural}`
}

/** An entry's name in its default language (the heading of its page), or null when it has none there. */
export function defaultName(entry: {
  readonly names: Readonly<Record<string, string>>
  readonly defaultLanguage: string
}): string | null {
  return entry.names[entry.defaultLanguage] ?? null
}
