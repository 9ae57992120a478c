/** The dashboard's one stylesheet and one small script, served under names that carry their hash. */
import { createHash } from 'node:crypto'

/**
 * Light and dark palettes with at least 4.5:1 text contrast (WCAG 2.2 §1.4.3), visible focus, system fonts only,
 * a side navigation that becomes a scrolling bar under 48rem. A wide table scrolls inside its `.table-wrap` (a
 * focusable region, views/table.ts), which is positioned so that the visually hidden text in the table (an absolute
 * box) is laid out and clipped there: unpositioned, that text sat past the table's right edge and widened the page.
 */
const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#55555f;--line:#d4d4dc;--accent:#0b5cad;--accent-fg:#fff;--panel:#f5f6f9;--ok:#1d6b35;--ok-bg:#e8f5ec;--bad:#a4161a;--bad-bg:#fdecec;--warn-bg:#fff6db;--warn:#6b4e00}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#15151a;--muted:#a9a9b5;--line:#3a3a44;--accent:#84baff;--accent-fg:#0b0b10;--panel:#1f1f27;--ok:#8fe0a5;--ok-bg:#15301e;--bad:#ffb3b0;--bad-bg:#3a1618;--warn-bg:#33290a;--warn:#f3d27a}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--accent);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px;top:.5rem;background:var(--bg);padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;padding:.6rem 1.25rem;border-bottom:1px solid var(--line)}
.top .product{font-weight:700;color:var(--fg);text-decoration:none;margin-right:auto}
.top form{margin:0}
.switcher{position:relative}
.switcher summary{cursor:pointer;padding:.35rem .6rem;border:1px solid var(--line);border-radius:.4rem;list-style:none}
.switcher summary::-webkit-details-marker{display:none}
.switcher summary::after{content:" \\25BE"}
.switcher ul{position:absolute;right:0;z-index:3;min-width:14rem;margin:.25rem 0 0;padding:.25rem 0;list-style:none;background:var(--bg);border:1px solid var(--line);border-radius:.4rem;box-shadow:0 4px 16px rgb(0 0 0 / .15)}
.switcher li a{display:block;padding:.45rem .9rem;text-decoration:none;color:var(--fg)}
.switcher li a:hover,.switcher li a[aria-current]{background:var(--panel)}
.shell{display:grid;grid-template-columns:13rem minmax(0,1fr);max-width:80rem;margin:0 auto}
.side{border-right:1px solid var(--line);padding:1rem .5rem;min-height:calc(100vh - 3.5rem)}
.side ul{list-style:none;margin:0;padding:0}
.side a{display:block;padding:.45rem .75rem;border-radius:.35rem;color:var(--fg);text-decoration:none}
.side a:hover{background:var(--panel)}
.side a[aria-current]{background:var(--panel);font-weight:700;box-shadow:inset 3px 0 0 var(--accent)}
main{padding:1.25rem 1.75rem 3rem;min-width:0}
.narrow{max-width:30rem;margin:3rem auto;padding:0 1.25rem}
h1{font-size:1.6rem;line-height:1.2;margin:.25rem 0 1rem}
h2{font-size:1.15rem;margin:2rem 0 .6rem}
p{margin:.4rem 0 .9rem}
.muted{color:var(--muted)}
.notice{border-radius:.4rem;padding:.75rem 1rem;margin:0 0 1.25rem;border:1px solid var(--line)}
.notice.ok{background:var(--ok-bg);color:var(--ok);border-color:transparent}
.notice.bad{background:var(--bad-bg);color:var(--bad);border-color:transparent}
.notice.warn{background:var(--warn-bg);color:var(--warn);border-color:transparent}
.notice p{margin:.2rem 0}
form.stack{display:grid;gap:1rem;max-width:30rem}
form.stack.wide{max-width:48rem}
.filters{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:end;margin:1rem 0}
.filters>div{min-width:12rem}
.chart{margin:0 0 1.5rem}
.chart svg{width:100%;height:12rem;display:block;font-family:inherit}
.chart .bar{fill:var(--accent)}
.chart .axis{stroke:var(--line);stroke-width:1}
.chart .axis-label{fill:var(--muted);font-size:12px}
.chart figcaption{color:var(--muted);font-size:.9rem;margin:.25rem 0}
img.symbol{background:#fff;padding:.5rem;border:1px solid var(--line);border-radius:.35rem;display:block;margin:.5rem 0}
.inline-form{display:inline-flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:0}
label{display:block;font-weight:600;margin-bottom:.3rem}
.hint{display:block;color:var(--muted);font-size:.9rem;margin-top:.25rem;font-weight:400}
.error-text{display:block;color:var(--bad);font-size:.9rem;margin-top:.25rem}
.warn-text{display:block;color:var(--warn);background:var(--warn-bg);font-size:.9rem;margin-top:.25rem;padding:.1rem .35rem;border-radius:.25rem}
input[type=text],input[type=email],input[type=password],input[type=search],input[type=url],input[type=number],input[type=date],input[type=datetime-local],select,textarea{width:100%;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted);border-radius:.35rem;padding:.5rem .6rem}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:var(--bad);border-width:2px}
fieldset{border:1px solid var(--line);border-radius:.4rem;padding:.5rem 1rem 1rem;min-width:0}
fieldset.page,fieldset.lot{display:grid;gap:.75rem}
fieldset fieldset{padding:.5rem .75rem .75rem}
fieldset.choice,fieldset.window{border:0;padding:0;margin:0}
fieldset.choice legend,fieldset.window legend{padding:0;margin-bottom:.2rem}
.hosted-only,.external-only,.href-one,.href-each{display:grid;gap:.75rem}
fieldset.page:has(.kind-external:checked) .hosted-only,fieldset.page:has(.kind-hosted:checked) .external-only,fieldset.page:has(.href-mode-each:checked) .href-one,fieldset.page:has(.href-mode-one:checked) .href-each,fieldset.page:has(.is-default:checked) .window.unset{display:none}
.when{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}
.when>div:first-child{flex:1 1 13rem}
.when>div:last-child{flex:1 1 6rem;max-width:9rem}
legend{font-weight:600;padding:0 .25rem}
.check{display:flex;gap:.5rem;align-items:baseline;font-weight:400;margin:.35rem 0}
button,.button{font:inherit;font-weight:600;cursor:pointer;border-radius:.35rem;padding:.5rem 1rem;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);text-decoration:none;display:inline-block;line-height:1.3}
button.secondary,.button.secondary{background:transparent;color:var(--accent)}
button.danger{background:var(--bad);border-color:var(--bad);color:var(--bg)}
button.link{background:none;border:none;color:var(--accent);padding:0;font-weight:400;text-decoration:underline}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.table-wrap{overflow-x:auto;position:relative}.table-wrap table{overflow-wrap:break-word}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.55rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.85rem;color:var(--muted);font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;font-size:.8rem;font-weight:600;padding:.05rem .5rem;border-radius:1rem;border:1px solid var(--line);white-space:nowrap}
.badge.ok{color:var(--ok);background:var(--ok-bg);border-color:transparent}
.badge.bad{color:var(--bad);background:var(--bad-bg);border-color:transparent}
.badge.warn{color:var(--warn);background:var(--warn-bg);border-color:transparent}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.75rem;margin:0 0 1rem;padding:0;list-style:none}
.cards li{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;background:var(--panel)}
.cards .value{display:block;font-size:1.6rem;font-weight:700}
.secret{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.secret code{font-size:1rem;padding:.5rem .6rem;background:var(--panel);border:1px solid var(--line);border-radius:.35rem;word-break:break-all}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1.25rem;margin:0 0 1rem}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;font-weight:600}
.pager{display:flex;gap:1rem;margin:1rem 0}
form[aria-busy=true] button{cursor:progress;opacity:.65}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:48rem){.shell{display:block}.side{min-height:0;border-right:0;border-bottom:1px solid var(--line);padding:.25rem .5rem;overflow-x:auto}.side ul{display:flex;gap:.25rem}.side a{white-space:nowrap}.side a[aria-current]{box-shadow:inset 0 -3px 0 var(--accent)}main{padding:1rem}}
`
  .trim()
  .replace(/\n/g, '')

/**
 * Progressive enhancement only; everything works as plain HTML. Copy buttons appear and work; a form asks before a
 * destructive action and is sent once per click; a page that answers a form shows the form's page address (a reload
 * opens that page instead of sending the form again); a page restored from the back-forward cache is reloaded when
 * it has forms, whose one-time ids were used.
 */
const SCRIPT = `
for (const button of document.querySelectorAll('button[data-copy]')) {
  const source = document.getElementById(button.dataset.copy)
  if (!source || !navigator.clipboard) continue
  button.hidden = false
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.textContent.trim())
      button.textContent = 'Copied'
    } catch {
      button.textContent = 'Copy failed: select the text'
    }
  })
}
for (const form of document.querySelectorAll('form[data-confirm]')) {
  form.addEventListener('submit', (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault()
  })
}
for (const form of document.querySelectorAll('form[method="post"]')) {
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return
    if (form.getAttribute('aria-busy') === 'true') return event.preventDefault()
    // Shown as busy; cleared after a while, since a stopped or failed navigation leaves the page as it was.
    form.setAttribute('aria-busy', 'true')
    setTimeout(() => form.removeAttribute('aria-busy'), 10000)
  })
}
const formPage = document.querySelector('meta[name="form-page"]')
if (formPage) history.replaceState(null, '', formPage.content)
window.addEventListener('pageshow', (event) => {
  if (event.persisted && document.querySelector('input[name="once"]')) location.reload()
})
`.trim()

function hashed(name: string, ext: string, body: string): string {
  return `/assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`
}

export interface Asset {
  readonly path: string
  readonly body: string
  readonly type: string
}

export const STYLESHEET: Asset = {
  path: hashed('dashboard', 'css', STYLE),
  body: STYLE,
  type: 'text/css; charset=utf-8',
}
export const SCRIPT_ASSET: Asset = {
  path: hashed('dashboard', 'js', SCRIPT),
  body: SCRIPT,
  type: 'text/javascript; charset=utf-8',
}

/** The favicon: a small square in the accent colour. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b5cad"/><path d="M4 4h2v8H4zm3 0h1v8H7zm2 0h3v8H9z" fill="#fff"/></svg>'
export const FAVICON: Asset = {
  path: hashed('favicon', 'svg', FAVICON_SVG),
  body: FAVICON_SVG,
  type: 'image/svg+xml',
}

export const ASSETS: ReadonlyMap<string, Asset> = new Map(
  [STYLESHEET, SCRIPT_ASSET, FAVICON].map((a) => [a.path, a]),
)
