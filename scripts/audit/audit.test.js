import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const script = join(import.meta.dirname, 'audit.mjs')
const folder = mkdtempSync(join(tmpdir(), 'audit-'))

function audit(report, env = {}) {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(report))
  const run = spawnSync(process.execPath, [script, '--report', file], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { status: run.status, out: run.stdout + run.stderr }
}

const counts = (levels) => ({ metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...levels } } })

describe('dependency audit', () => {
  it('passes with only low and moderate findings, and prints them', () => {
    const run = audit(counts({ low: 2, moderate: 1 }))
    expect(run.status).toBe(0)
    expect(run.out).toContain('low 2, moderate 1, high 0, critical 0')
  })

  it.each(['high', 'critical'])('fails on a %s finding and names the package', (severity) => {
    const report = { ...counts({ [severity]: 1 }), vulnerabilities: { 'some-lib': { severity, range: '<1.2.3' } } }
    const run = audit(report)
    expect(run.status).toBe(1)
    expect(run.out).toContain(`${severity}: some-lib <1.2.3`)
  })

  it('says plainly when the advisory service cannot be reached, and fails only when required', () => {
    const unreachable = { message: '405 Method Not Allowed', statusCode: 405 }
    const lenient = audit(unreachable)
    expect(lenient.status).toBe(0)
    expect(lenient.out).toContain('nothing was checked')
    expect(audit(unreachable, { AUDIT_REQUIRED: '1' }).status).toBe(1)
  })
})
