/** The reference page's one inline stylesheet and its CSP hash-source (CSP Level 3 §2.3.1), computed once. */
import { createHash } from 'node:crypto'

/**
 * The palettes of the product pages (WCAG 2.2 §1.4.3: at least 4.5:1 for text, light and dark), system fonts only,
 * a sticky contents column from 56rem up and one column below it, targets of at least 24 px (WCAG 2.2 §2.5.8).
 * Examples wrap instead of scrolling, so no region needs its own keyboard scrolling.
 */
export const DOCS_STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#55555f;--line:#d9d9e0;--accent:#0b5cad;--panel:#f4f5f8;--post:#1d6b35;--get:#0b5cad;--other:#7a3e00;--req:#a4161a}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#16161a;--muted:#a9a9b5;--line:#3a3a44;--accent:#84baff;--panel:#1f1f26;--post:#8fe0a5;--get:#84baff;--other:#f3d27a;--req:#ffb3b0}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);overflow-wrap:anywhere}
a{color:var(--accent);text-underline-offset:.15em}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
:target{scroll-margin-top:.5rem}
.skip{position:absolute;left:-999px;top:.5rem;background:var(--bg);padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;padding:.6rem 1.25rem;border-bottom:1px solid var(--line)}
.top .product{font-weight:700;margin-right:auto}
.top a{display:inline-block;padding:.15rem 0}
.shell{display:grid;grid-template-columns:16rem minmax(0,1fr);max-width:84rem;margin:0 auto}
.side{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding:1rem .5rem 2rem;border-right:1px solid var(--line);font-size:.95rem}
.side ul{list-style:none;margin:0;padding:0}
.side ul ul{margin:0 0 .5rem}
.side a{display:block;padding:.3rem .6rem;border-radius:.3rem;color:var(--fg);text-decoration:none}
.side a:hover{background:var(--panel)}
.side>ul>li>a{font-weight:700}
.side .tag{text-transform:capitalize}
main{padding:1.25rem 2rem 4rem;min-width:0;max-width:58rem}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 .25rem}
h2{font-size:1.4rem;line-height:1.3;margin:2.5rem 0 .5rem;padding-top:1rem;border-top:1px solid var(--line)}
h2.tag{text-transform:capitalize}
h3{font-size:1.15rem;line-height:1.3;margin:1.75rem 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .4rem}
p{margin:.4rem 0 .8rem}
ul{padding-left:1.25rem}
li{margin:.2rem 0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{margin:.5rem 0;padding:.75rem 1rem;background:var(--panel);border:1px solid var(--line);border-radius:.4rem;line-height:1.45;white-space:pre-wrap;overflow-wrap:anywhere}
.subtitle{color:var(--muted);margin:0 0 1rem}
.muted,.type{color:var(--muted)}
.op{border:1px solid var(--line);border-radius:.5rem;padding:.25rem 1.25rem 1rem;margin:1.25rem 0}
.op>h3{margin-top:.75rem}
.endpoint{display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline;margin:.25rem 0 .75rem}
.endpoint code{font-size:1rem;font-weight:600}
.method{display:inline-block;min-width:3.2rem;text-align:center;font:700 .8rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:0 .35rem;border:1px solid currentColor;border-radius:.3rem;color:var(--other)}
.method-post{color:var(--post)}
.method-get{color:var(--get)}
.req{font-size:.8rem;font-weight:700;color:var(--req)}
.status{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700}
dl.fields{margin:.25rem 0 1rem}
dl.fields>div{padding:.5rem 0;border-top:1px solid var(--line)}
dl.fields dt{font-weight:400}
dl.fields dt>code{font-weight:700}
dl.fields dd{margin:.15rem 0 0 0}
dl.fields dd>p:last-child{margin-bottom:0}
dl.fields dl.fields{margin-left:1rem}
details{margin:.4rem 0}
summary{cursor:pointer;color:var(--accent);padding:.15rem 0}
@media (max-width:56rem){
.shell{display:block}
.side{position:static;max-height:none;overflow:visible;border-right:0;border-bottom:1px solid var(--line);padding:.5rem .75rem}
.side ul,.side ul ul{display:flex;flex-wrap:wrap;margin:0}
.side li{display:flex;flex-wrap:wrap;align-items:center}
.side>ul>li{flex-wrap:nowrap;width:100%}
.side li ul{flex-wrap:nowrap;overflow-x:auto;min-width:0}
.side li ul a{white-space:nowrap}
.side a{padding:.25rem .5rem}
.side .schemas{display:none}
main{padding:.75rem 1rem 3rem}
.op{padding:.25rem .75rem .75rem}
}
`
  .trim()
  .replace(/\n/g, '')

/** `'sha256-…'` of {@link DOCS_STYLE}: the only style the page's CSP allows. */
export const DOCS_STYLE_HASH = `'sha256-${createHash('sha256').update(DOCS_STYLE).digest('base64')}'`
