/** The one inline stylesheet of every HTML view, and its CSP hash (CSP Level 3 §8.3 hash-source). */

/**
 * Light and dark palettes with at least 4.5:1 contrast for text (WCAG 2.2 §1.4.3), one reading column that
 * works from 320 px up, and no external assets (system fonts only).
 */
export const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#55555f;--line:#d9d9e0;--accent:#0b5cad;--panel:#f4f5f8}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#16161a;--muted:#a9a9b5;--line:#3a3a44;--accent:#84baff;--panel:#1f1f26}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
header,main,footer{max-width:42rem;margin:0 auto;padding:1rem 1.25rem}
header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;border-bottom:1px solid var(--line);font-size:.95rem;font-weight:600}
footer{border-top:1px solid var(--line);color:var(--muted);font-size:.85rem}
footer p{margin:.25rem 0}
h1{font-size:1.75rem;line-height:1.2;margin:.75rem 0 .25rem;overflow-wrap:anywhere}
h2{font-size:1.1rem;line-height:1.3;margin:1.75rem 0 .5rem}
a{color:var(--accent);text-underline-offset:.15em}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:2px}
ul,ol{padding-left:1.25rem}
li{margin:.35rem 0}
code{font-size:.9em;overflow-wrap:anywhere}
.muted{color:var(--muted)}
.subtitle{font-size:1.2rem;color:var(--muted);margin:0 0 1.25rem}
.content p{margin:0 0 1rem}
.content img{display:block;max-width:100%;height:auto;margin:0 0 1rem;border-radius:.5rem}
.inline{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.inline li{margin:0}
.inline a{display:inline-block;padding:.2rem 0;font-weight:400}
.inline [aria-current]{color:var(--fg);font-weight:700;text-decoration:none}
.item{background:var(--panel);border:1px solid var(--line);border-radius:.5rem;padding:.25rem 1rem 1rem;margin:1.5rem 0}
.item h2{margin-top:.75rem}
dl{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.35rem 1rem;margin:0}
dt{color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.cards{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
.cards li{margin:0}
.cards a{display:block;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.5rem;text-decoration:none}
.cards a:hover{border-color:var(--accent)}
.cards [aria-current]{color:var(--fg);font-weight:600;border-color:var(--fg)}
.cards .muted{font-size:.9rem}
.badge{display:inline-block;margin-left:.25rem;padding:0 .5rem;border:1px solid var(--line);border-radius:1rem;background:var(--panel);color:var(--fg);font-size:.8rem;font-weight:600;white-space:nowrap}
`
  .trim()
  .replace(/\n/g, '')

/**
 * `'sha256-…'` of STYLE, the only style the CSP allows. A test recomputes it: change both together.
 */
export const STYLE_HASH = "'sha256-8wbJkRky4PJBO2kmlZgDcoh//HyqylU9hAPtQ+vqIl8='"
