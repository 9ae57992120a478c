/**
 * One page in the product editor (DESIGN §11): URL name, link type, titles, then "Hosted here" (text in the Markdown
 * subset, an image) or "Link to a URL" (one URL or one per language, media type), its context and its validity
 * window. Both kinds' fields are in the page; the stylesheet shows the chosen kind's (`:has`), with no script, and
 * only the chosen kind's are saved.
 */
import { linkTypeTitle } from '../../gs1/link-type-titles.ts'
import { SELECTABLE_LINK_TYPES } from '../../gs1/link-types.ts'
import { html, type SafeHtml } from '../html.ts'
import { type PageForm, splitWindow } from '../product-form.ts'
import { choice, type FieldNotes, input, noteText, textArea } from './editor-fields.ts'

/** Where a page sits in the form. */
export interface PageSlot {
  /** The prefix of its field names: `page.0`, `lot.1.page.0`. */
  readonly prefix: string
  /** The ID of its fieldset: `page-0`, `lot-1-page-0`. */
  readonly fieldset: string
  readonly legend: string
  /** The empty row that adds a page. */
  readonly spare: boolean
  /** A product page's "default page" radio (its value, whether chosen); a lot's pages have none. */
  readonly defaultRadio: { readonly value: string; readonly checked: boolean } | null
  /** A page of an item or rule of another key than the GTIN: its templates name the key's value, not a GTIN. */
  readonly otherKey?: boolean
}

/** The ID of the datalist of offsets every window's offset field suggests (the editor renders it once). */
export const OFFSETS_LIST = 'utc-offsets'

/** Offsets suggested for a window (any other `±hh:mm` may be typed). */
export const SUGGESTED_OFFSETS = [
  'Z',
  '+00:00',
  '+01:00',
  '+02:00',
  '+03:00',
  '+05:30',
  '+08:00',
  '+09:00',
  '+10:00',
  '-03:00',
  '-05:00',
  '-06:00',
  '-07:00',
  '-08:00',
]

export function pageFieldset(
  page: PageForm,
  slot: PageSlot,
  languages: readonly string[],
  notes: FieldNotes,
): SafeHtml {
  const p = slot.prefix
  const linkTypeId = `f-${p}.linkType`
  return html`<fieldset class="page" id="${slot.fieldset}"><legend>${slot.legend}</legend>${noteText(slot.fieldset, notes)}
${input(`${p}.name`, 'URL name', page.name, notes, { hint: slot.spare ? 'Leave empty to add no page.' : undefined })}
<div><label for="${linkTypeId}">Link type</label><select id="${linkTypeId}" name="${p}.linkType">${SELECTABLE_LINK_TYPES.map(
    (name) =>
      html`<option value="gs1:${name}"${`gs1:${name}` === page.linkType ? html` selected` : null}>${linkTypeTitle(name) ?? name} (${name})</option>`,
  )}</select>${noteText(linkTypeId, notes)}</div>
${
  slot.defaultRadio === null
    ? null
    : html`<label class="check"><input type="radio" class="is-default" name="default" value="${slot.defaultRadio.value}"${slot.defaultRadio.checked ? html` checked` : null}> The default page (a scan without a link type opens it)</label>`
}
${languages.map((lang) => input(`${p}.title.${lang}`, `Title (${lang})`, page.titles[lang] ?? '', notes))}
${choice(
  `${p}.kind`,
  'The page is',
  [
    { value: 'hosted', label: 'Hosted here', className: 'kind-hosted' },
    { value: 'external', label: 'Link to a URL', className: 'kind-external' },
  ],
  page.kind,
)}
<div class="hosted-only">${hostedFields(page, p, languages, notes)}</div>
<div class="external-only">${externalFields(page, p, languages, notes, slot.otherKey === true)}</div>
${input(`${p}.context`, 'Context (optional)', page.context, notes, { hint: 'Listed with the link in the linkset, for apps that read it.' })}
${windowFields(page, slot, notes)}
${slot.spare ? null : html`<label class="check"><input type="checkbox" name="${p}.remove"> Remove this page</label>`}</fieldset>`
}

function hostedFields(page: PageForm, p: string, languages: readonly string[], notes: FieldNotes): SafeHtml {
  const markdown = `f-${p}.markdown`
  return html`<p class="hint" id="${markdown}">The text is a Markdown subset: paragraphs (a blank line between them), *emphasis*, **strong**, lists (lines starting with - or 1.) and links [text](https://…).</p>
${languages.map((lang) =>
  textArea(`${p}.content.${lang}`, `Text (${lang})`, page.content[lang] ?? '', notes, {
    describedBy: markdown,
  }),
)}
${input(`${p}.image.src`, 'Image URL (optional)', page.imageSrc, notes, {
  type: 'url',
  hint: 'An https address; the image shows above the text.',
})}
${languages.map((lang) => input(`${p}.image.alt.${lang}`, `Image text (${lang})`, page.imageAlt[lang] ?? '', notes, { hint: lang === languages[0] ? 'What the image shows, for people who cannot see it.' : undefined }))}`
}

function externalFields(
  page: PageForm,
  p: string,
  languages: readonly string[],
  notes: FieldNotes,
  otherKey: boolean,
): SafeHtml {
  const template = `f-${p}.template`
  // DESIGN §11: `gtin` for products; `key`, `value` and `keyQualifiers` for the other keys' (a rule's value is the
  // whole value scanned).
  const variables = otherKey
    ? '{value} (the value scanned), {key}, {keyQualifiers}, {lot}, {serial}, {expiry}, {language}, {linkType}'
    : '{gtin}, {lot}, {serial}, {expiry}, {language}, {linkType}'
  const firstOfEach = Object.values(page.hrefs)[0] ?? ''
  return html`${choice(
    `${p}.hrefMode`,
    'Address',
    [
      { value: 'one', label: 'One URL for every language', className: 'href-mode-one' },
      { value: 'each', label: 'A URL per language', className: 'href-mode-each' },
    ],
    page.hrefMode,
  )}
<p class="hint" id="${template}">An http or https address, or an RFC 6570 template whose variables come after the host: ${variables}. Lot, serial and expiry the template leaves out are added as ?10=, ?21=, ?17=.</p>
<div class="href-one">${input(`${p}.href`, 'URL', page.href === '' ? firstOfEach : page.href, notes, { type: 'url', describedBy: template, placeholder: 'https://' })}</div>
<div class="href-each" id="f-${p}.hrefs">${noteText(`f-${p}.hrefs`, notes)}${languages.map((lang) =>
    input(`${p}.href.${lang}`, `URL (${lang})`, page.hrefs[lang] ?? page.href, notes, {
      type: 'url',
      describedBy: template,
      placeholder: 'https://',
    }),
  )}</div>
${input(`${p}.type`, 'Media type (optional)', page.type, notes, { hint: 'What the link leads to; text/html when empty.', placeholder: 'text/html' })}`
}

/**
 * From and until: a local date and time and its offset each. The default page has no window: the fields are hidden
 * while it is chosen, unless they hold a value (which the save then refuses at them).
 */
function windowFields(page: PageForm, slot: PageSlot, notes: FieldNotes): SafeHtml {
  const unset = page.validFrom === '' && page.validUntil === ''
  const hint = `${slot.fieldset}-window-hint`
  return html`<fieldset class="window${unset ? ' unset' : ''}"><legend>Shown only for a while (optional)</legend><p class="hint" id="${hint}">The page exists from the first date and time on, and until the second (not including it). The offset says which clock the time is on: Z for UTC, or +01:00, -05:00 and so on. Leave a date empty for no limit; the default page has no window.</p>
${when(`${slot.prefix}.validFrom`, 'Shown from', page.validFrom, notes, hint)}
${when(`${slot.prefix}.validUntil`, 'Shown until', page.validUntil, notes, hint)}</fieldset>`
}

/** A `datetime-local` value: date, hours and minutes, optional seconds and up to 3 fraction digits. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

function when(name: string, label: string, value: string, notes: FieldNotes, hint: string): SafeHtml {
  const { at, offset } = splitWindow(value)
  // A browser empties a date-time field whose value it cannot show: anything else is shown as text.
  const type = at === '' || LOCAL_DATE_TIME.test(at) ? 'datetime-local' : 'text'
  return html`<div class="when">${input(name, label, at, notes, { type, describedBy: hint })}${input(
    `${name}.offset`,
    html`Offset<span class="visually-hidden"> (${label.toLowerCase()})</span>`,
    value === '' ? 'Z' : offset,
    notes,
    { list: OFFSETS_LIST, describedBy: hint, autocomplete: 'off' },
  )}</div>`
}
