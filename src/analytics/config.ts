/** Scan analytics and the metrics port in the environment (DESIGN §9, §10), read by `src/app/config.ts`. */

export interface AnalyticsConfig {
  /** `ANALYTICS=off` turns counting off (the resolver then has no `onScan`). */
  readonly enabled: boolean
  /** `ANALYTICS_RETENTION_DAYS`: days of scan counts kept. */
  readonly retentionDays: number
}

export const DEFAULT_ANALYTICS: AnalyticsConfig = { enabled: true, retentionDays: 400 }

type Env = Readonly<Record<string, string | undefined>>

export function readAnalyticsConfig(env: Env, errors: string[]): AnalyticsConfig {
  const switchValue = (env.ANALYTICS ?? '').trim().toLowerCase()
  let enabled = true
  if (switchValue === 'off' || switchValue === 'false' || switchValue === '0') enabled = false
  else if (!['', 'on', 'true', '1'].includes(switchValue)) errors.push('ANALYTICS must be on or off')
  const rawDays = (env.ANALYTICS_RETENTION_DAYS ?? '').trim()
  const days = rawDays === '' ? DEFAULT_ANALYTICS.retentionDays : Number(rawDays)
  if (!/^\d*$/.test(rawDays) || !Number.isInteger(days) || days < 1 || days > 3650) {
    errors.push('ANALYTICS_RETENTION_DAYS must be a number of days from 1 to 3650')
    return { enabled, retentionDays: DEFAULT_ANALYTICS.retentionDays }
  }
  return { enabled, retentionDays: days }
}
