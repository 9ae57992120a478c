/**
 * Scans per day as an inline SVG bar chart (no script, styled by the dashboard's stylesheet), with the same numbers
 * in a table for screen readers and for anyone who wants the figures.
 */
import { FORWARDED_OUTCOME } from '../../services/scans/report.ts'
import { html, type SafeHtml } from '../html.ts'
import { counted } from './format.ts'
import { scrollingTable } from './table.ts'

export interface DayCount {
  readonly day: string
  readonly count: number
}

/** Every day from `from` to `to` (inclusive, `YYYY-MM-DD`), with 0 where nothing was counted. */
export function everyDay(
  from: string,
  to: string,
  counts: readonly { key: string; count: number }[],
): DayCount[] {
  const byDay = new Map(counts.map((c) => [c.key, c.count]))
  const out: DayCount[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10)
    out.push({ day, count: byDay.get(day) ?? 0 })
  }
  return out
}

/**
 * Answered scans per day (a page, a linkset or an error), and how many more were only the hop of a scan on the
 * resolver's host to a brand's custom domain: such a scan is counted again on the custom domain, with its answer there.
 */
export interface ScanDays {
  readonly days: readonly DayCount[]
  readonly forwarded: number
}

/** How many scans of a report grouped by answer (`outcome`) were only forwarded to a custom domain. */
export function forwardedScans(outcomes: readonly { key: string; count: number }[]): number {
  return outcomes.find((o) => o.key === FORWARDED_OUTCOME)?.count ?? 0
}

/** Beside a total of scans: the scans forwarded to a custom domain first, which the total leaves out. */
function forwardedNote(forwarded: number): string {
  if (forwarded === 0) return ''
  const were = forwarded === 1 ? 'was' : 'were'
  return ` · ${forwarded.toLocaleString('en-GB')} more ${were} forwarded to the custom domain first`
}

const WIDTH = 720
const HEIGHT = 160
const AXIS = 18

export function dayChart({ days, forwarded }: ScanDays, label: string): SafeHtml {
  const max = Math.max(1, ...days.map((d) => d.count))
  const slot = WIDTH / Math.max(1, days.length)
  const bar = Math.max(1, slot * 0.75)
  const total = days.reduce((n, d) => n + d.count, 0)
  const first = days[0]?.day ?? ''
  const last = days.at(-1)?.day ?? ''
  const note = forwardedNote(forwarded)
  if (total === 0) return html`<p class="muted">${label}: no scans from ${first} to ${last}${note}.</p>`
  const answered = counted(total, 'scan')
  return html`<figure class="chart"><svg viewBox="0 0 ${WIDTH} ${HEIGHT + AXIS}" role="img" aria-labelledby="chart-title" preserveAspectRatio="none"><title id="chart-title">${label}: ${answered} from ${first} to ${last}${note}</title>${days.map(
    (d, i) => {
      const h = (d.count / max) * HEIGHT
      return html`<rect class="bar" x="${(i * slot + (slot - bar) / 2).toFixed(1)}" y="${(HEIGHT - h).toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}"><title>${d.day}: ${d.count}</title></rect>`
    },
  )}<line class="axis" x1="0" y1="${HEIGHT}" x2="${WIDTH}" y2="${HEIGHT}"></line><text class="axis-label" x="0" y="${HEIGHT + 14}">${first}</text><text class="axis-label" x="${WIDTH}" y="${HEIGHT + 14}" text-anchor="end">${last}</text></svg>
<figcaption>${label}: ${answered}${note}; the busiest day had ${max.toLocaleString('en-GB')}.</figcaption>
<details><summary>The figures per day</summary>${scrollingTable(
    `${label}, day by day`,
    html`<table><thead><tr><th scope="col">Day</th><th scope="col" class="num">Scans</th></tr></thead><tbody>${days.map(
      (d) => html`<tr><td>${d.day}</td><td class="num">${d.count.toLocaleString('en-GB')}</td></tr>`,
    )}</tbody></table>`,
  )}</details></figure>`
}
