import { describe, expect, it } from 'vitest'
import { amountAllowed, recommendModuleId } from './recommend.js'

describe('recommendModuleId (spec.md section 9)', () => {
  it.each([
    ['banner_jingzhun', 301],
    ['tanchuang_jingzhun', 301],
    ['tanchuang_fudai', 302],
    ['banner_fudai', 302],
    ['home', 300],
    ['', 300],
    [undefined, 300],
    [null, 300],
    ['BANNER_JINGZHUN', 300],
    ['toString', 300],
    ['__proto__', 300],
  ] as const)('scene %j is module %i', (scene, moduleId) => {
    expect(recommendModuleId(scene)).toBe(moduleId)
  })
})

describe('amountAllowed', () => {
  const limits = { min: 100_000_00, max: 500_000_00, step: 50_000_00 }
  it('takes the limits and every step between them', () => {
    expect(amountAllowed(100_000_00, limits)).toBe(true)
    expect(amountAllowed(150_000_00, limits)).toBe(true)
    expect(amountAllowed(500_000_00, limits)).toBe(true)
  })
  it('refuses amounts outside, between steps or not whole cents', () => {
    expect(amountAllowed(50_000_00, limits)).toBe(false)
    expect(amountAllowed(550_000_00, limits)).toBe(false)
    expect(amountAllowed(120_000_00, limits)).toBe(false)
    expect(amountAllowed(100_000_00.5, limits)).toBe(false)
    expect(amountAllowed(-100_000_00, limits)).toBe(false)
  })
})
