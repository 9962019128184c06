import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, actionsFor, isOrderStatus, isUnsettled, orderStatusName, statusIcon, type OrderStatus } from './order-status.js'

describe('actionsFor (design.md section 5)', () => {
  const table: Array<[OrderStatus, boolean, string[]]> = [
    [21, false, []], [151, false, []], [110, false, []],
    [170, false, ['repay']], [170, true, ['repay']],
    [174, false, ['repay']], [174, true, ['repay', 'delay']],
    [180, false, ['repay']], [180, true, ['repay', 'delay']],
    [3, true, ['repay', 'delay']], [5, false, ['repay']],
    [200, false, ['loanMore']], [4, true, ['loanMore']],
  ]
  it.each(table)('status %i with isDelay=%s offers %j', (status, isDelay, actions) => {
    const result = actionsFor(status, isDelay)
    expect(result.actions).toEqual(actions)
    // the intent the spec's defect hid: the recommended list shows exactly when no action does
    expect(result.showRecommended).toBe(actions.length === 0)
  })

  it('covers every status', () => {
    expect(ORDER_STATUSES.sort((a, b) => a - b)).toEqual([3, 4, 5, 21, 110, 151, 170, 174, 180, 200])
  })
})

describe('status helpers', () => {
  it('statusIcon falls back to the 200 icon', () => {
    expect(statusIcon(21)).toBe(21)
    expect(statusIcon(170)).toBe(200)
    expect(statusIcon(3)).toBe(200)
  })

  it('names and recognises statuses', () => {
    expect(orderStatusName(180)).toBe('overdue')
    expect(isOrderStatus(174)).toBe(true)
    expect(isOrderStatus(175)).toBe(false)
    expect(isOrderStatus('174')).toBe(false)
  })

  it('settled and rejected orders are not unsettled', () => {
    expect(ORDER_STATUSES.filter((s) => !isUnsettled(s)).sort((a, b) => a - b)).toEqual([4, 110, 200])
  })
})
