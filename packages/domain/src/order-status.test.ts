import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  ORDER_STATUS,
  ORDER_STATUSES,
  STATUS_ICON,
  actionsFor,
  canExtend,
  isOrderStatus,
  isOverdueStatus,
  isRepaying,
  isSettled,
  isUnsettled,
  orderStatusName,
  statusIcon,
  type ExtensionFacts,
  type OrderAction,
  type OrderStatusName,
} from './order-status.js'

const S = ORDER_STATUS
const NAMES = Object.keys(ORDER_STATUS) as OrderStatusName[]

describe('order statuses (docs/product/loans.md#statuses)', () => {
  it('keeps the app shell wire values', () => {
    expect(ORDER_STATUS).toEqual({
      submitted: 21, approved: 151, rejected: 110, repayingInstallments: 170, due: 174, overdue: 180, settled: 200,
      partnerRepaying: 3, partnerSettled: 4, partnerOverdue: 5,
    })
    expect(new Set(ORDER_STATUSES).size).toBe(NAMES.length)
  })

  it('names and recognises statuses', () => {
    for (const name of NAMES) expect(orderStatusName(S[name])).toBe(name)
    expect(isOrderStatus(S.due)).toBe(true)
    expect(isOrderStatus(175)).toBe(false)
    expect(isOrderStatus('174')).toBe(false)
    expect(() => orderStatusName(175 as never)).toThrow()
  })

  it('groups statuses: unsettled, settled, overdue, repaying', () => {
    const named = (pick: (s: (typeof ORDER_STATUSES)[number]) => boolean) => ORDER_STATUSES.filter(pick).map(orderStatusName).sort()
    expect(named((s) => !isUnsettled(s))).toEqual(['partnerSettled', 'rejected', 'settled'])
    expect(named(isSettled)).toEqual(['partnerSettled', 'settled'])
    expect(named(isOverdueStatus)).toEqual(['overdue', 'partnerOverdue'])
    expect(named(isRepaying)).toEqual(['due', 'overdue', 'partnerOverdue', 'partnerRepaying', 'repayingInstallments'])
  })
})

describe('canExtend: the one rule for the delay link', () => {
  const own: ExtensionFacts = { status: S.due, installment: false, partner: false, allowsExtension: true, extensionFee: 50_000_00 }
  const partner: ExtensionFacts = { status: S.partnerRepaying, installment: false, partner: true, allowsExtension: true, extensionFee: 0 }

  it.each([
    ['own single payment, due, with a fee', own, true],
    ['own single payment, overdue, with a fee', { ...own, status: S.overdue }, true],
    ['own, not allowed to extend', { ...own, allowsExtension: false }, false],
    ['own, no fee priced', { ...own, extensionFee: 0 }, false],
    ['own installment loan, due', { ...own, status: S.repayingInstallments, installment: true }, false],
    ['own installment loan, overdue', { ...own, status: S.overdue, installment: true }, false],
    ['own, under review', { ...own, status: S.submitted }, false],
    ['own, approved', { ...own, status: S.approved }, false],
    ['own, rejected', { ...own, status: S.rejected }, false],
    ['own, settled', { ...own, status: S.settled }, false],
    ['partner, repaying', partner, true],
    ['partner, overdue', { ...partner, status: S.partnerOverdue }, true],
    ['partner, repaying, even with a fee of ours', { ...partner, extensionFee: 10_00 }, true],
    ['partner, not allowed to extend', { ...partner, allowsExtension: false }, false],
    ['partner, settled', { ...partner, status: S.partnerSettled }, false],
    ['partner installment loan', { ...partner, installment: true }, false],
  ] as const)('%s → %s', (_, facts, expected) => {
    expect(canExtend(facts)).toBe(expected)
  })

  it('only a repaying order can ever be extended (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom(...ORDER_STATUSES),
          installment: fc.boolean(),
          partner: fc.boolean(),
          allowsExtension: fc.boolean(),
          extensionFee: fc.integer({ min: 0, max: 1_000_000_00 }),
        }),
        (facts) => {
          if (canExtend(facts)) {
            expect(isRepaying(facts.status)).toBe(true)
            expect(facts.allowsExtension && !facts.installment).toBe(true)
          }
        },
      ),
    )
  })
})

describe('actionsFor: the loan-details action area', () => {
  const expected: Record<OrderStatusName, { plain: OrderAction[]; extendable: OrderAction[] }> = {
    submitted: { plain: [], extendable: [] },
    approved: { plain: [], extendable: [] },
    rejected: { plain: [], extendable: [] },
    repayingInstallments: { plain: ['repay'], extendable: ['repay', 'delay'] },
    due: { plain: ['repay'], extendable: ['repay', 'delay'] },
    overdue: { plain: ['repay'], extendable: ['repay', 'delay'] },
    settled: { plain: ['loanMore'], extendable: ['loanMore'] },
    partnerRepaying: { plain: ['repay'], extendable: ['repay', 'delay'] },
    partnerOverdue: { plain: ['repay'], extendable: ['repay', 'delay'] },
    partnerSettled: { plain: ['loanMore'], extendable: ['loanMore'] },
  }

  it.each(NAMES)('%s', (name) => {
    for (const extendable of [false, true]) {
      const result = actionsFor(S[name], extendable)
      expect(result.actions).toEqual(extendable ? expected[name].extendable : expected[name].plain)
      // the intent the old app's defect hid: the recommended list shows exactly when no action does
      expect(result.showRecommended).toBe(result.actions.length === 0)
    }
  })
})

describe('status icons', () => {
  it('gives each status its situation', () => {
    expect(statusIcon(S.submitted)).toBe('review')
    expect(statusIcon(S.approved)).toBe('approved')
    expect(statusIcon(S.rejected)).toBe('rejected')
    expect(statusIcon(S.due)).toBe('due')
    expect(statusIcon(S.overdue)).toBe('overdue')
    expect(statusIcon(S.settled)).toBe('settled')
  })

  it('installment and partner repaying show due, partner overdue overdue, partner settled settled', () => {
    expect(statusIcon(S.repayingInstallments)).toBe('due')
    expect(statusIcon(S.partnerRepaying)).toBe('due')
    expect(statusIcon(S.partnerOverdue)).toBe('overdue')
    expect(statusIcon(S.partnerSettled)).toBe('settled')
  })

  it('no borrower who owes money or is in arrears sees the settled tick (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        const icon = statusIcon(status)
        expect(icon).toBe(STATUS_ICON[orderStatusName(status)])
        if (isRepaying(status) || isOverdueStatus(status)) expect(icon).not.toBe('settled')
        if (isOverdueStatus(status)) expect(icon).toBe('overdue')
        expect(icon === 'settled').toBe(isSettled(status))
      }),
    )
  })
})
