/** Vite's build manifest (`build.manifest`), as much of it as preloading needs. */
export interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
export type ViteManifest = Record<string, ManifestChunk>

export const ENTRY_KEY = 'index.html'

export interface ChunkAssets {
  scripts: string[]
  styles: string[]
}

/** The files of some chunks and of everything they import statically, each once. */
export function collectAssets(manifest: ViteManifest, keys: readonly string[]): ChunkAssets {
  const seen = new Set<string>()
  const scripts: string[] = []
  const styles = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file)
    for (const css of chunk.css ?? []) styles.add(css)
    for (const child of chunk.imports ?? []) visit(child)
  }
  for (const key of keys) visit(key)
  return { scripts, styles: [...styles] }
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The matched screens' stylesheets and scripts that the entry does not already bring, and the
 * entry's own chunks (React's, the runtime's) as the manifest lists them: `startAfterPaint` runs
 * those before the entry.
 */
export function screenAssets(manifest: ViteManifest, routeFiles: readonly string[], base = '/'): ChunkAssets & { entryChunks: string[] } {
  const entry = collectAssets(manifest, [ENTRY_KEY])
  const routes = collectAssets(manifest, routeFiles)
  const have = new Set([...entry.scripts, ...entry.styles])
  const entryChunks = (manifest[ENTRY_KEY]?.imports ?? []).flatMap((key) => {
    const file = manifest[key]?.file
    return file?.endsWith('.js') ? [base + file] : []
  })
  return {
    styles: routes.styles.filter((css) => !have.has(css)).map((css) => base + css),
    scripts: routes.scripts.filter((js) => !have.has(js)).map((js) => base + js),
    entryChunks,
  }
}

/** Stylesheet links for the screen's own styles (the entry's are in the built index.html). */
export function styleLinks(styles: readonly string[]): string {
  return styles.map((css) => `<link rel="stylesheet" href="${escapeAttr(css)}">`).join('\n    ')
}

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/

/**
 * The built page starts the app only once the browser has painted the server's HTML
 * (docs/product/platform.md#server-rendering): the entry script and the screen's modules are
 * requested after the document is parsed and a frame is painted, instead of by the HTML itself.
 * On a slow link the HTML and the stylesheet get the bandwidth first; on a fast link and a slow
 * phone the first paint no longer waits behind the scripts' evaluation. A hidden page (opened in
 * the background) starts at once, since it paints nothing. The starter takes the request's nonce
 * from itself; what it adds is trusted through `'strict-dynamic'`.
 *
 * `first` are the entry's own chunks (`screenAssets`' `entryChunks`): each is run by a script of its own,
 * the next one added when it has loaded, and the entry last. Every file is requested at once; a
 * module graph is evaluated in one task, so this splits the start-up's largest task (React DOM's
 * module code, then the app's) in two. The screen's modules, needed only once the entry has run,
 * are requested a task later: each request costs the main thread a little, about 3 ms on this
 * machine with developer tools attached (docs/performance/borrower-main-thread.md#reacts-evaluation).
 */
export function startAfterPaint(template: string, modules: readonly string[], noncePlaceholder: string, first: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(template)
  if (!entry?.[1]) throw new Error('the built index.html has no module entry script')
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const starter =
    `(function(){var d=document,n=d.currentScript.nonce;` +
    `function add(tag,props){var e=d.createElement(tag);e.nonce=n;e.crossOrigin='';e.fetchPriority='low';Object.assign(e,props);d.head.appendChild(e)}` +
    `function preload(h){add('link',{rel:'modulepreload',href:h})}` +
    `function go(){var q=${json([...first, entry[1]])};q.forEach(preload);` +
    `(function next(){var h=q.shift();if(h)add('script',{type:'module',src:h,onload:next,onerror:next})})();` +
    `setTimeout(function(){${json(modules)}.forEach(preload)},0)}` +
    `function later(){if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',later);else later()})()`
  return template.replace(entry[0], () => `<script nonce="${noncePlaceholder}">${starter}</script>`)
}

export interface DocumentParts {
  /** Everything before the app's HTML. */
  head: string
  /** Everything after it, with the boot data in place. */
  tail: string
}

/**
 * Fills the index.html template: language, title, extra head links, the nonce in place of Vite's
 * placeholder, and the boot data; split where the app's HTML streams in.
 */
export function fillTemplate(
  template: string,
  parts: { lang: string; title: string; head: string; boot: string; nonce: string; noncePlaceholder: string },
): DocumentParts {
  const html = template
    .split(parts.noncePlaceholder)
    .join(escapeAttr(parts.nonce))
    // Replacer functions: a `$` in a title or in the boot data must stay a `$`.
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttr(parts.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(parts.title)}</title>`)
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-boot-->', () => parts.boot)
    // Vite's build already writes the nonce; the development server's scripts get it here.
    .replace(/<(script|link rel="modulepreload")\b(?![^>]*\bnonce=)/g, (_tag, name: string) => `<${name} nonce="${escapeAttr(parts.nonce)}"`)
  const at = html.indexOf('<!--app-html-->')
  if (at < 0) throw new Error('index.html has no <!--app-html--> marker')
  return { head: html.slice(0, at), tail: html.slice(at + '<!--app-html-->'.length) }
}
