import { collectAssets, type ViteManifest } from '../html'
import { ISLAND_DATA_ID } from '../../islands/data'
import { ISLAND_FILES, type Island } from './islands'
import css from './public.css?inline'

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** The island's script and the modules it imports, from the build manifest (the source in development). */
export function islandScripts(island: Island, manifest: ViteManifest | undefined): { entry: string; preload: string[] } {
  const source = ISLAND_FILES[island]
  if (!manifest) return { entry: `/${source}`, preload: [] }
  const { scripts } = collectAssets(manifest, [source])
  const [entry, ...preload] = scripts
  if (!entry) throw new Error(`${source} is not in the build manifest`)
  return { entry: `/${entry}`, preload: preload.map((file) => `/${file}`) }
}

export interface PublicDocument {
  lang: string
  title: string
  description?: string
  themeColor?: string
  nonce: string
  /** The page's HTML, rendered on the server. */
  body: string
  /** Its island and what the island reads; none for a page that needs no script (the policy frame). */
  island?: { scripts: { entry: string; preload: string[] }; data: unknown }
  /** A script that must run before the first paint (the marketing site puts the path's section in view). */
  inline?: string
  htmlClass?: string
}

/**
 * A whole public page (docs/decisions/0011-public-pages.md): its one stylesheet inlined, its
 * island as a module script that never blocks the paint, every script and style element with the
 * request's nonce, no React and nothing of the borrower app.
 */
export function publicDocument(doc: PublicDocument): string {
  const nonce = escapeAttr(doc.nonce)
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<meta name="theme-color" content="${escapeAttr(doc.themeColor ?? '#3360DD')}">`,
    '<meta name="format-detection" content="telephone=no">',
    doc.description ? `<meta name="description" content="${escapeAttr(doc.description)}">` : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${escapeText(doc.title)}</title>`,
    `<style nonce="${nonce}">${css}</style>`,
    ...(doc.island
      ? [
          `<script type="module" src="${escapeAttr(doc.island.scripts.entry)}" nonce="${nonce}"></script>`,
          ...doc.island.scripts.preload.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}" nonce="${nonce}">`),
        ]
      : []),
  ]
  const tail = [
    '<div id="toast" class="toast" role="status" aria-live="polite"></div>',
    doc.island ? `<script type="application/json" id="${ISLAND_DATA_ID}">${scriptJson(doc.island.data)}</script>` : '',
    doc.inline ? `<script nonce="${nonce}">${doc.inline}</script>` : '',
  ]
  const htmlClass = doc.htmlClass ? ` class="${escapeAttr(doc.htmlClass)}"` : ''
  return `<!doctype html><html lang="${escapeAttr(doc.lang)}"${htmlClass}><head>${head.join('')}</head><body>${doc.body}${tail.join('')}</body></html>`
}
