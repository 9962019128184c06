import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sourcesStamp } from './build-if-changed.mjs'

let root

function write(path, text) {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'stamp-'))
  write('package.json', '{}')
  write('package-lock.json', '{}')
  write('apps/web/src/main.tsx', 'main')
  write('apps/server/src/server.ts', 'server')
  write('packages/domain/src/money.ts', 'money')
  write('packages/contract/src/call.ts', 'call')
})

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the sources stamp', () => {
  it('stays the same while nothing the build reads changes', () => {
    const first = sourcesStamp(root)
    // what the build writes, and what is never an input
    write('apps/server/dist/server.js', 'built')
    write('apps/web/dist/client/index.html', 'built')
    write('apps/web/node_modules/x/index.js', 'module')
    write('apps/server/drizzle/0001.sql', 'migration')
    expect(sourcesStamp(root)).toBe(first)
  })

  it('changes with a changed, an added or a removed source, and with the lock file', () => {
    const stamps = new Set([sourcesStamp(root)])
    write('apps/web/src/main.tsx', 'main changed')
    stamps.add(sourcesStamp(root))
    write('packages/domain/src/new.ts', 'new')
    stamps.add(sourcesStamp(root))
    rmSync(join(root, 'packages/contract/src/call.ts'))
    stamps.add(sourcesStamp(root))
    write('package-lock.json', '{"lockfileVersion":3}')
    stamps.add(sourcesStamp(root))
    expect(stamps.size).toBe(5)
  })

  it('tells a file moved from one folder to another', () => {
    const before = sourcesStamp(root)
    rmSync(join(root, 'apps/web/src/main.tsx'))
    write('apps/web/src/other/main.tsx', 'main')
    expect(sourcesStamp(root)).not.toBe(before)
  })
})
