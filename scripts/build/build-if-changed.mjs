// `npm start`'s build step: builds (`npm run build`) only when the sources changed since the last
// build, so that a restart does not rebuild what is already built (README, "Run it").
//
// The stamp is a SHA-256 of every file the build reads (each workspace's sources, configuration
// and public files, the lock file), kept beside the build in apps/server/dist/.sources-stamp and
// written only after a build that succeeded (`npm run build` writes it too, with --write). A missing
// build, a missing stamp or any changed, added or removed file builds again; `npm run build`
// always builds.
import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(import.meta.dirname, '../..')
const STAMP = join(ROOT, 'apps/server/dist/.sources-stamp')
/** What the build's output must hold for the stamp to be trusted. */
const OUTPUTS = ['apps/server/dist/server.js', 'apps/server/dist/instrument.js', 'apps/web/dist/client/index.html', 'apps/web/dist/server']
/** The build's inputs: folders walked whole (but for what is never an input), and single files. */
const INPUT_DIRS = ['apps/web', 'apps/server', 'packages/domain', 'packages/contract']
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'tsconfig.json']
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.vite', 'coverage', 'drizzle'])

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue
    const full = join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/** The sources' fingerprint: each file's path and contents, in a fixed order. */
export function sourcesStamp(root = ROOT) {
  const files = [...INPUT_DIRS.flatMap((d) => [...filesUnder(join(root, d))]), ...INPUT_FILES.map((f) => join(root, f)).filter(existsSync)]
  files.sort()
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(relative(root, file))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

function main() {
  const started = Date.now()
  const stamp = sourcesStamp()
  // `npm run build` ends with this: what it just built is stamped
  if (process.argv.includes('--write')) {
    writeFileSync(STAMP, `${stamp}\n`)
    return 0
  }
  const built = OUTPUTS.every((f) => existsSync(join(ROOT, f)))
  if (built && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === stamp) {
    console.log(`The build is up to date: no source changed since it was made (checked in ${Date.now() - started} ms).`)
    return 0
  }
  // npm run build stamps what it built
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  return build.status ?? 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main())
