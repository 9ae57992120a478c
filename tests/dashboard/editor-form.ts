/** Reads a rendered form as a browser would send it: its fields' values, chosen radios and checkboxes only. */

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
}

/**
 * The fields of the first form whose action is `action` (the hidden ones included, the CSRF token left out: the test
 * browser adds its own). A text area's first line break right after its tag is dropped, as the HTML parser does.
 */
export function formFields(page: string, action: string): Record<string, string> {
  const start = page.indexOf(`<form method="post" action="${action}"`)
  if (start === -1) throw new Error(`no form posting to ${action}`)
  const form = page.slice(start, page.indexOf('</form>', start))
  const fields: Record<string, string> = {}
  for (const m of form.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
    const tag = m[0]
    const name = decodeEntities(m[1] as string)
    const checkable = /type="(checkbox|radio)"/.test(tag)
    if (checkable && !/ checked/.test(tag)) continue
    fields[name] = /type="checkbox"/.test(tag) ? 'on' : decodeEntities(/value="([^"]*)"/.exec(tag)?.[1] ?? '')
  }
  for (const m of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g))
    fields[decodeEntities(m[1] as string)] = decodeEntities(
      /<option value="([^"]*)" selected>/.exec(m[2] as string)?.[1] ?? '',
    )
  for (const m of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[decodeEntities(m[1] as string)] = decodeEntities((m[2] as string).replace(/^\r?\n/, ''))
  delete fields.csrf
  return fields
}

/**
 * What Chromium sends for the same form: a `datetime-local` value written its shortest way (`…T09:00` for
 * `…T09:00:00`), text areas' line breaks as CRLF.
 */
export function asBrowserSends(page: string, fields: Record<string, string>): Record<string, string> {
  const out = { ...fields }
  for (const m of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*type="datetime-local"[^>]*>/g)) {
    const name = decodeEntities(m[1] as string)
    const value = out[name]
    if (value !== undefined) out[name] = shortestLocal(value)
  }
  for (const m of page.matchAll(/<textarea[^>]*name="([^"]+)"/g)) {
    const name = decodeEntities(m[1] as string)
    const value = out[name]
    if (value !== undefined) out[name] = value.replace(/\r?\n/g, '\r\n')
  }
  return out
}

/** A valid normalized local date and time string (HTML §2.3.5.5): seconds and fraction only when not zero. */
function shortestLocal(value: string): string {
  const m = /^(.*T\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(value)
  if (m === null) return value
  const seconds = m[2] ?? '00'
  const fraction = (m[3] ?? '').replace(/0+$/, '')
  if (seconds === '00' && fraction === '') return m[1] as string
  return `${m[1]}:${seconds}${fraction === '' ? '' : `.${fraction}`}`
}
