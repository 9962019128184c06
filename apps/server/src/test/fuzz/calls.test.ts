import { describe, expect, it } from 'vitest'
import { OPS_CALLS } from '@kilat/contract'
import { ALL_CALLS, callsOf } from './calls.js'

describe('the fuzz suite covers every call', () => {
  it('puts each call of the contract in exactly one file', () => {
    const grouped = [...callsOf('public'), ...callsOf('borrower-1'), ...callsOf('borrower-2'), ...callsOf('ops-1'), ...callsOf('ops-2')]
    expect(grouped).toHaveLength(ALL_CALLS.length)
    expect(new Set(grouped)).toEqual(new Set(ALL_CALLS))
    for (const call of OPS_CALLS) expect(ALL_CALLS, call.path).toContain(call)
    expect(ALL_CALLS.length).toBeGreaterThanOrEqual(80)
  })
})
