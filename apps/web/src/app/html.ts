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
 * Preload and stylesheet links for the matched screens' chunks that the entry does not already
 * bring (its own are in the built index.html). Module preloads carry the nonce: under
 * `'strict-dynamic'` a parser-inserted preload without one is refused. Low priority, like the entry
 * script: the HTML already shows the screen, so CSS and images go first (docs/product/platform.md#server-rendering).
 */
export function preloadLinks(manifest: ViteManifest, routeFiles: readonly string[], nonce: string, base = '/'): string {
  const entry = collectAssets(manifest, [ENTRY_KEY])
  const routes = collectAssets(manifest, routeFiles)
  const have = new Set([...entry.scripts, ...entry.styles])
  const links: string[] = []
  for (const css of routes.styles) {
    if (!have.has(css)) links.push(`<link rel="stylesheet" href="${escapeAttr(base + css)}">`)
  }
  for (const js of routes.scripts) {
    if (!have.has(js)) {
      links.push(`<link rel="modulepreload" href="${escapeAttr(base + js)}" nonce="${escapeAttr(nonce)}" fetchpriority="low" crossorigin>`)
    }
  }
  return links.join('\n    ')
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
