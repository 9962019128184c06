// First-load bytes of a route from the web build, counted in one place for the CI budget
// (scripts/size.mjs) and the web benchmark: the entry chunk and its static imports, plus the
// route's lazy chunk and its static imports, each file once, gzip at level 9. Stylesheets are counted too: those of the same chunks
// and those the server-rendered page links (the app's single stylesheet is linked from the page,
// not from a chunk). A public page (docs/decisions/0011-public-pages.md) loads its island and the
// island's static imports only, never the app's entry; its stylesheet is inside its HTML.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { CannotRun, ROOT } from './process.mjs'

/** First-load JavaScript of every route, gzip (docs/product/platform.md#rendering-and-speed): CI's size check and the web benchmark's target. */
export const FIRST_LOAD_BUDGET_KIB = 100

/** First-load JavaScript of every public page and the registration landing (docs/decisions/0011-public-pages.md). */
export const PUBLIC_FIRST_LOAD_BUDGET_KIB = 30

/** The budget of a row of the route table. */
export const budgetOf = (route) => (route.public ? PUBLIC_FIRST_LOAD_BUDGET_KIB : FIRST_LOAD_BUDGET_KIB)

/** A public page's HTML, compressed, at most (docs/decisions/0011-public-pages.md): one round trip's worth. */
export const PUBLIC_HTML_BUDGET_BYTES = 14_000

const DIST = join(ROOT, 'apps', 'web', 'dist')
const CLIENT = join(DIST, 'client')

/** The build manifest and the route table of the built app (so neither can drift from what ships). */
export async function webBuild() {
  const manifestPath = join(CLIENT, '.vite', 'manifest.json')
  const serverEntry = join(DIST, 'server', 'entry-server.js')
  if (!existsSync(manifestPath) || !existsSync(serverEntry)) throw new CannotRun('No web build found: run `npm run build` first.')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const { routeTable } = await import(pathToFileURL(serverEntry).href)
  return { manifest, routes: routeTable() }
}

/** The operations console's first load, its own entry and the screen opened (docs/decisions/0015-ops-console.md). */
export const OPS_FIRST_LOAD_BUDGET_KIB = 350

/**
 * The console's build (`vite.ops.config.ts`): its manifest, and each of its screens as a route row
 * (the entry `ops.html` plus the screen's lazy chunk). Null when the build has no console.
 */
export function opsBuild() {
  const manifestPath = join(CLIENT, '.vite', 'ops-manifest.json')
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const screens = Object.keys(manifest)
    .filter((key) => /^src\/ops\/[^/]+\/[^/]+-page\.tsx$/.test(key))
    .sort()
    .map((key) => ({ id: key.replace(/^src\/ops\//, '').replace(/-page\.tsx$/, ''), path: key, file: key, entry: 'ops.html' }))
  return { manifest, screens }
}

/** The console's first-load scripts for one of its screens: files and gzip bytes. */
export function opsFirstLoad(manifest, screen) {
  const { js } = firstLoadFiles(manifest, screen)
  return { files: js.size, bytes: gzipSum(js) }
}

/** Marks of Ant Design's CSS-in-JS runtime: a chunk holding it is the console's, whatever its name. */
const DESKTOP_UI_MARKS = ['data-css-hash', 'data-token-hash']

/**
 * The console's files a borrower route loads first: none may be (docs/decisions/0015-ops-console.md).
 * A file counts as the console's when the console's build wrote it, when the borrower build names it
 * after ops/ or Ant Design, or when it holds Ant Design's style runtime.
 */
export function opsFilesInRoute(manifest, route, ops) {
  const opsFiles = new Set(ops ? Object.values(ops.manifest).map((chunk) => chunk.file) : [])
  for (const chunk of Object.values(manifest)) {
    if (/(^|\/)src\/ops\/|node_modules\/(antd|@ant-design)\//.test(chunk.src ?? '')) opsFiles.add(chunk.file)
  }
  const { js } = firstLoadFiles(manifest, route)
  return [...js].filter((file) => opsFiles.has(file) || DESKTOP_UI_MARKS.some((mark) => readFileSync(join(CLIENT, file), 'utf8').includes(mark)))
}

/** Script and stylesheet files a route loads first, from the manifest (`route` a row of the route table). */
function firstLoadFiles(manifest, route) {
  const seen = new Set()
  const js = new Set()
  const css = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    if (chunk.file.endsWith('.js')) js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const child of chunk.imports ?? []) visit(child)
  }
  if (route.entry) visit(route.entry)
  else if (!route.public) visit('index.html')
  if (route.file) visit(route.file)
  return { js, css }
}

/** Local stylesheets a page links (`/assets/…` becomes `assets/…`, as the manifest names files). */
function linkedStylesheets(html) {
  const files = []
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(tag)) continue
    const href = tag.match(/\bhref="\/([^"?#]+)"/)?.[1]
    if (href) files.push(href)
  }
  return files
}

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(CLIENT, file)), { level: 9 }).byteLength)
  return gzipCache.get(file)
}

const gzipSum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0)

/** The scripts a route loads first: how many files, and their gzip bytes. */
export function firstLoadScripts(manifest, route) {
  const { js } = firstLoadFiles(manifest, route)
  return { files: js.size, bytes: gzipSum(js) }
}

/** First-load JS and CSS of a route (gzip bytes), and its server-rendered HTML (bytes and gzip). */
export function firstLoadOf(manifest, route, html) {
  const { js, css } = firstLoadFiles(manifest, route)
  for (const file of linkedStylesheets(html)) if (existsSync(join(CLIENT, file))) css.add(file)
  const htmlBytes = Buffer.from(html)
  return { js: gzipSum(js), css: gzipSum(css), html: htmlBytes.byteLength, htmlGzip: gzipSync(htmlBytes, { level: 9 }).byteLength }
}
