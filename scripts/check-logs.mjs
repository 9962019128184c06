#!/usr/bin/env node
// `npm run check:logs -- FILE...`: fails when a server log holds a secret (scripts/check-logs/secrets.js).
// CI runs it on the log of the browser journeys' server (playwright.config.ts writes it).
import fs from 'node:fs'
import { findSecrets } from './check-logs/secrets.js'

const files = process.argv.slice(2)
if (files.length === 0) {
  console.error('usage: npm run check:logs -- FILE...')
  process.exit(2)
}

let failed = false
for (const file of files) {
  if (!fs.existsSync(file)) {
    console.error(`${file}: no such log`)
    failed = true
    continue
  }
  const text = fs.readFileSync(file, 'utf8')
  const findings = findSecrets(text)
  const lines = text.split('\n').filter(Boolean).length
  if (findings.length === 0) {
    console.error(`${file}: ${lines} lines, no secret found`)
    continue
  }
  failed = true
  for (const f of findings) console.error(`${file}:${f.line}: ${f.kind} (${f.value})`)
  console.error(`${file}: ${findings.length} secrets in ${lines} lines`)
}
process.exit(failed ? 1 : 0)
