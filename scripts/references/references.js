// Every reference in the repository leads somewhere inside it.
//
// Comments and docs point to `docs/product/<page>.md#<anchor>` (the rule), `docs/decisions/…` (the
// why) or a file of the repository; a newcomer following one must land on what it names. This
// module finds, in the code's comments and in every markdown page:
// - a cited markdown page or code file that does not exist;
// - an anchor that is not a heading (or an explicit `<a id>`) of the page it names;
// - a citation of a document or tracker the repository does not have (a product spec or design
//   document by section number, an "Issue N").
// `references.test.js` runs it over the repository as part of `npm test`; `node
// scripts/references/references.js` prints the same list.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'screenshots', '.git'])
// This folder's own tests hold wrong references on purpose, to show the checker refusing them.
const SKIP_FILES = new Set(['scripts/references/references.test.js'])

/**
 * The anchor GitHub gives a heading: the rendered text in lower case, every character that is not
 * a letter, a digit, a space, a hyphen or an underscore dropped, each space a hyphen
 * (`## /loan-detail` is `loan-detail`, `## Amounts & dates` is `amounts--dates`).
 */
export function anchorOf(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image shows its text
    .replace(/<[^>]+>/g, '')
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor of a markdown page: its headings' (a repeated one gets -1, -2, …) and explicit ids. */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  let fence = null
  for (const line of markdown.split('\n')) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line)
    if (f) {
      if (fence === null) fence = f[1][0]
      else if (f[1][0] === fence) fence = null
      continue
    }
    if (fence !== null) continue
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (h) {
      let base = h[1]
      const explicit = /\s*\{#([\w-]+)\}$/.exec(base)
      if (explicit) {
        anchors.add(explicit[1])
        base = base.slice(0, explicit.index)
      }
      const slug = anchorOf(base)
      const n = seen.get(slug) ?? 0
      seen.set(slug, n + 1)
      anchors.add(n === 0 ? slug : `${slug}-${n}`)
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1])
  }
  return anchors
}

// Documents outside the repository, cited by name or section: the wording they gave is ours to
// write in docs/product, and the comment points there.
const CITATIONS = [
  [/\b(?:spec|design)\.md\b/i, 'a document the repository does not have'],
  [/\b(?:spec|design)\s*(?:§\s*)?\d/i, 'a section of a document the repository does not have'],
  [/\b(?:spec|design)\s+(?:section|chapter|part)\b/i, 'a section of a document the repository does not have'],
  [/\b(?:the|a|its|our)\s+spec(?:ification)?\b|\bspec(?:ification)?['’]s\b/i, 'an outside specification the repository does not have'],
  [/\(design\b[:)]|\bthe design (?:doc|document|note)\b/i, 'a design document the repository does not have'],
  [/\bIssue\s+#?\d+|\bissues?\s+#\d+|\(issue\s+\d+/, 'an issue of a tracker the repository does not have'],
]

/** What is wrong with a line that cites a document from outside the repository, or null. */
export function outsideCitation(line) {
  for (const [pattern, what] of CITATIONS) {
    const m = pattern.exec(line)
    if (m) return `"${m[0]}" cites ${what}`
  }
  return null
}

/** The comments of a code file, as [line number, text] pairs (a block comment gives each of its lines). */
export function commentLines(file, source) {
  if (file.endsWith('.css')) return blockLines(source, /\/\*[\s\S]*?\*\//g)
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : /\.ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JSX
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind)
  const ranges = new Map()
  const collect = (pos) => {
    for (const r of [...(ts.getLeadingCommentRanges(source, pos) ?? []), ...(ts.getTrailingCommentRanges(source, pos) ?? [])]) ranges.set(r.pos, r)
  }
  const visit = (node) => {
    collect(node.getFullStart())
    collect(node.getEnd())
    node.forEachChild(visit)
  }
  visit(sf)
  // JSX comments live in expressions `{/* … */}` with no node: read them from the text's tokens.
  collect(sf.getEnd())
  const out = []
  for (const r of [...ranges.values()].sort((a, b) => a.pos - b.pos)) out.push(...rangeLines(source, r.pos, r.end))
  if (kind === ts.ScriptKind.TSX || kind === ts.ScriptKind.JSX) {
    const seen = new Set(out.map(([n]) => n))
    for (const [n, text] of blockLines(source, /\{\s*\/\*[\s\S]*?\*\/\s*\}/g)) if (!seen.has(n)) out.push([n, text])
  }
  return out
}

function blockLines(source, pattern) {
  const out = []
  for (const m of source.matchAll(pattern)) out.push(...rangeLines(source, m.index, m.index + m[0].length))
  return out
}

function rangeLines(source, start, end) {
  const first = source.slice(0, start).split('\n').length
  return source.slice(start, end).split('\n').map((text, i) => [first + i, text])
}

const exists = (rel) => fs.existsSync(path.join(ROOT, rel))

function anchorsOfFile(rel, cache) {
  if (!cache.has(rel)) cache.set(rel, anchorsOf(fs.readFileSync(path.join(ROOT, rel), 'utf8')))
  return cache.get(rel)
}

/**
 * Where a cited page is, repository-relative, or null. A link of a markdown page is relative to that
 * page, as GitHub reads it; a mention in prose or in a comment may also name the page from the root
 * or by its name alone under docs/product or docs/decisions.
 */
export function resolvePage(ref, fromFile, { strict = false } = {}) {
  const dir = path.posix.dirname(fromFile)
  const candidates = strict || ref.startsWith('.')
    ? [path.posix.join(dir, ref)]
    : [path.posix.join(dir, ref), ref, `docs/product/${ref}`, `docs/decisions/${ref}`]
  return candidates.map((c) => path.posix.normalize(c)).find((c) => !c.startsWith('../') && exists(c)) ?? null
}

/** The problems of one page reference `file#anchor` (file empty: the same page). */
function checkPageRef(ref, fromFile, cache, strict) {
  const [file, anchor] = ref.split('#')
  const target = file === '' ? fromFile : resolvePage(file, fromFile, { strict })
  if (target === null) return `${ref}: no such file${strict ? ` relative to ${path.posix.dirname(fromFile)}/` : ''}`
  if (anchor === undefined || !target.endsWith('.md')) return null
  if (anchorsOfFile(target, cache).has(anchor)) return null
  return `${ref}: ${target} has no heading with the anchor #${anchor}`
}

const URL_PATTERN = /\b[a-z][a-z+.-]*:\/\/[^\s)>\]'"`]+/g
const MD_REF = /(?<![\w/.#-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\p{L}\p{N}_-]+)?/gu
const MD_LINK = /\[([^\]]*)\]\(([^)\s]+)\)/g
// A file of the repository named from the root; globs and build output are not files to check.
const CODE_REF = /(?<![\w/.-])((?:apps|packages|scripts|e2e)\/[\w./-]+\.(?:ts|tsx|js|mjs|cjs|json|css|sql))\b/g

function codeFileExists(ref) {
  if (ref.includes('/dist/')) return true
  if (exists(ref)) return true
  // TypeScript's ESM specifiers name the emitted .js of a .ts source.
  return /\.js$/.test(ref) && (exists(ref.replace(/\.js$/, '.ts')) || exists(ref.replace(/\.js$/, '.tsx')))
}

/** Problems of one line of text (a comment's line, or a markdown line) of `file`. */
export function checkLine(text, file, cache = new Map()) {
  const problems = []
  const citation = outsideCitation(text)
  if (citation) problems.push(citation)
  const isMarkdown = file.endsWith('.md')
  let rest = text
  if (isMarkdown) {
    // Links outside code spans; the rest of the line (code spans included) is read as prose.
    const outsideCode = text.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length))
    for (const m of outsideCode.matchAll(MD_LINK)) {
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length)
      const target = m[2].replace(/^<|>$/g, '')
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue
      const problem = checkPageRef(target, file, cache, true)
      if (problem) problems.push(`link ${problem}`)
    }
  }
  rest = rest.replace(URL_PATTERN, '')
  for (const m of rest.matchAll(MD_REF)) {
    const problem = checkPageRef(m[1] + (m[2] ?? ''), file, cache, false)
    if (problem) problems.push(problem)
  }
  for (const m of rest.matchAll(CODE_REF)) {
    if (!codeFileExists(m[1])) problems.push(`${m[1]}: no such file`)
  }
  return problems
}

/** The files checked: markdown under docs/ and the root README, code under apps/, packages/, scripts/, e2e/. */
export function filesToCheck() {
  const out = ['README.md']
  const walk = (rel, accept) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue
      const child = `${rel}/${entry.name}`
      if (entry.isDirectory()) walk(child, accept)
      else if (accept(child) && !SKIP_FILES.has(child)) out.push(child)
    }
  }
  walk('docs', (f) => f.endsWith('.md'))
  for (const dir of ['apps', 'packages', 'scripts', 'e2e']) walk(dir, (f) => CODE.test(f) || f.endsWith('.md'))
  return out
}

/**
 * Every broken reference of the repository as `file:line: problem`. In code, only comments are read
 * (a test may name a made-up file on purpose), except for citations of outside documents, which a
 * test's title must not make either.
 */
export function findBrokenReferences(files = filesToCheck()) {
  const cache = new Map()
  const out = []
  for (const file of files) {
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8')
    const lines = source.split('\n')
    if (file.endsWith('.md')) {
      let fence = false
      lines.forEach((text, i) => {
        if (/^\s*(`{3,}|~{3,})/.test(text)) fence = !fence
        // A fenced example is code, not a reference, but it must not cite outside documents either.
        const problems = fence ? [outsideCitation(text)].filter(Boolean) : checkLine(text, file, cache)
        for (const p of problems) out.push(`${file}:${i + 1}: ${p}`)
      })
      continue
    }
    const commented = new Set()
    for (const [n, text] of commentLines(file, source)) {
      commented.add(n)
      for (const p of checkLine(text, file, cache)) out.push(`${file}:${n}: ${p}`)
    }
    lines.forEach((text, i) => {
      if (commented.has(i + 1)) return
      const citation = outsideCitation(text)
      if (citation) out.push(`${file}:${i + 1}: ${citation}`)
    })
  }
  return out
}

export const HOW_TO_FIX = [
  'How to fix: point the comment to the page and heading that state the rule, as',
  '`docs/product/<page>.md#<anchor>` (the anchor is the heading in lower case, spaces as hyphens,',
  'punctuation dropped; see docs/product/README.md#citing-these-pages). If no page states the rule yet,',
  'add a short section to the right page in our own words and cite it. A renamed or moved file or',
  'heading: update the references to it (grep -rn "<old name>").',
].join('\n')

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = findBrokenReferences()
  for (const line of broken) console.log(line)
  if (broken.length > 0) {
    console.log(`\n${broken.length} broken references.\n${HOW_TO_FIX}`)
    process.exitCode = 1
  }
}
