import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { type OrderKind, nextStatus } from './lifecycle.js'
import { type Cents, cents } from './money.js'
import { ORDER_STATUS, type OrderStatus } from './order-status.js'
import {
  type Allocation,
  type Owed,
  afterPayment,
  allocatePayment,
  allocateExtension,
  checkPeriod,
  extensionAmount,
  firstPayable,
  isValidUtr,
  overdueOwed,
  paymentEvent,
  remainingAfter,
  selectionAmount,
  toggleAll,
  togglePeriod,
  totalOwed,
  uncheckPeriod,
} from './repayment.js'

const S = ORDER_STATUS
const SINGLE: OrderKind = { installment: false, partner: false }
const INSTALLMENT: OrderKind = { installment: true, partner: false }
const PARTNER: OrderKind = { installment: false, partner: true }

const c = (value: number) => cents(value)

/**
 * An installment loan in arrears: Rp 1.500 of late charges, Rp 200 of fees and three periods,
 * listed out of order on purpose. Everything together: 1.500 + 200 + 550 + 880 + 1.100 = 4.230.
 */
const OWED: Owed = {
  lateCharges: c(1_500_00),
  fees: c(200_00),
  periods: [
    { periodNo: 3, interest: c(100_00), principal: c(1_000_00) },
    { periodNo: 1, interest: c(50_00), principal: c(500_00) },
    { periodNo: 2, interest: c(80_00), principal: c(800_00) },
  ],
}

// docs/product/money-rules.md#repayment
describe('allocatePayment', () => {
  it('totals what is owed', () => {
    expect(totalOwed(OWED)).toBe(4_230_00)
    expect(totalOwed({ lateCharges: c(0), fees: c(0), periods: [] })).toBe(0)
  })

  it('pays late charges, then fees, then the oldest period, interest before principal', () => {
    // 2.000 = 1.500 late charges + 200 fees + 300 of period 1 (its 50 of interest, then 250 of principal)
    expect(allocatePayment(OWED, c(2_000_00))).toEqual({
      lateCharges: 1_500_00,
      fees: 200_00,
      periods: [{ periodNo: 1, interest: 50_00, principal: 250_00 }],
      leftover: 0,
    })
  })

  it('stops inside a category when the money runs out, and lists only periods that receive something', () => {
    expect(allocatePayment(OWED, c(1_600_00))).toEqual({ lateCharges: 1_500_00, fees: 100_00, periods: [], leftover: 0 })
    expect(allocatePayment(OWED, c(0))).toEqual({ lateCharges: 0, fees: 0, periods: [], leftover: 0 })
    // 2.280 = 1.700 + period 1's 550 + 30 of period 2's interest
    expect(allocatePayment(OWED, c(2_280_00)).periods).toEqual([
      { periodNo: 1, interest: 50_00, principal: 500_00 },
      { periodNo: 2, interest: 30_00, principal: 0 },
    ])
  })

  it('keeps an overpayment as leftover, to be refunded', () => {
    expect(allocatePayment(OWED, c(5_000_00))).toEqual({
      lateCharges: 1_500_00,
      fees: 200_00,
      periods: [
        { periodNo: 1, interest: 50_00, principal: 500_00 },
        { periodNo: 2, interest: 80_00, principal: 800_00 },
        { periodNo: 3, interest: 100_00, principal: 1_000_00 },
      ],
      leftover: 770_00,
    })
    expect(allocatePayment({ lateCharges: c(0), fees: c(0), periods: [] }, c(1))).toEqual({ lateCharges: 0, fees: 0, periods: [], leftover: 1 })
  })

  it('skips a period already paid', () => {
    const owed: Owed = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(0), principal: c(0) }, { periodNo: 2, interest: c(10), principal: c(90) }] }
    expect(allocatePayment(owed, c(50)).periods).toEqual([{ periodNo: 2, interest: 10, principal: 40 }])
  })

  it('refuses a negative or fractional amount or figure with a RangeError', () => {
    expect(() => allocatePayment(OWED, -1 as Cents)).toThrow(RangeError)
    expect(() => allocatePayment(OWED, 1.5 as Cents)).toThrow(RangeError)
    expect(() => allocatePayment(OWED, Number.NaN as Cents)).toThrow(RangeError)
    expect(() => allocatePayment({ ...OWED, lateCharges: -1 as Cents }, c(1))).toThrow(RangeError)
    expect(() => allocatePayment({ ...OWED, fees: 0.5 as Cents }, c(1))).toThrow(RangeError)
    expect(() => allocatePayment({ ...OWED, periods: [{ periodNo: 1, interest: c(1), principal: -5 as Cents }] }, c(1))).toThrow(RangeError)
    expect(() => totalOwed({ ...OWED, periods: [{ periodNo: 1, interest: 0.1 as Cents, principal: c(1) }] })).toThrow(RangeError)
  })

  it('refuses a period listed twice, whose remainder would be ambiguous', () => {
    const twice: Owed = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(1), principal: c(1) }, { periodNo: 1, interest: c(2), principal: c(2) }] }
    expect(() => allocatePayment(twice, c(1))).toThrow(RangeError)
  })
})

describe('remainingAfter', () => {
  it('subtracts what was paid, keeping every period in its order', () => {
    expect(remainingAfter(OWED, allocatePayment(OWED, c(2_000_00)))).toEqual({
      lateCharges: 0,
      fees: 0,
      periods: [
        { periodNo: 3, interest: 100_00, principal: 1_000_00 },
        { periodNo: 1, interest: 0, principal: 250_00 },
        { periodNo: 2, interest: 80_00, principal: 800_00 },
      ],
    })
  })

  it('ignores the leftover, which is not a debt', () => {
    const remaining = remainingAfter(OWED, allocatePayment(OWED, c(9_999_00)))
    expect(totalOwed(remaining)).toBe(0)
  })

  it('refuses an allocation made against other figures', () => {
    const over: Allocation = { lateCharges: c(1_500_01), fees: c(0), periods: [], leftover: c(0) }
    expect(() => remainingAfter(OWED, over)).toThrow(RangeError)
    const stray: Allocation = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 9, interest: c(1), principal: c(0) }], leftover: c(0) }
    expect(() => remainingAfter(OWED, stray)).toThrow(RangeError)
    const beyond: Allocation = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(0), principal: c(500_01) }], leftover: c(0) }
    expect(() => remainingAfter(OWED, beyond)).toThrow(RangeError)
  })
})

describe('what a payment does to the order', () => {
  it('counts late charges and the overdue periods as overdue, not fees nor later periods', () => {
    expect(overdueOwed(OWED, [1])).toBe(1_500_00 + 550_00)
    expect(overdueOwed(OWED, [1, 2])).toBe(1_500_00 + 550_00 + 880_00)
    expect(overdueOwed(OWED, [])).toBe(1_500_00)
  })

  it('after 2.000 on an order overdue on period 1, 250 of it is still overdue: no event', () => {
    const after = afterPayment(OWED, allocatePayment(OWED, c(2_000_00)), [1])
    expect(after.overdueRemaining).toBe(250_00)
    expect(paymentEvent({ status: S.overdue, kind: INSTALLMENT, remainingTotal: totalOwed(after.remaining), overdueRemaining: after.overdueRemaining })).toBeNull()
  })

  it('after 2.250 period 1 is cleared: the installment order catches up to 170', () => {
    const after = afterPayment(OWED, allocatePayment(OWED, c(2_250_00)), [1])
    expect(after.overdueRemaining).toBe(0)
    expect(totalOwed(after.remaining)).toBe(1_980_00)
    const event = paymentEvent({ status: S.overdue, kind: INSTALLMENT, remainingTotal: totalOwed(after.remaining), overdueRemaining: after.overdueRemaining })
    expect(event).toBe('caughtUp')
    expect(nextStatus(S.overdue, event!, INSTALLMENT)).toBe(S.repayingInstallments)
  })

  it('settles when nothing is left, overdue or not', () => {
    expect(paymentEvent({ status: S.overdue, kind: INSTALLMENT, remainingTotal: c(0), overdueRemaining: c(0) })).toBe('settle')
    expect(paymentEvent({ status: S.due, kind: SINGLE, remainingTotal: c(0), overdueRemaining: c(0) })).toBe('settle')
    expect(paymentEvent({ status: S.repayingInstallments, kind: INSTALLMENT, remainingTotal: c(0), overdueRemaining: c(0) })).toBe('settle')
    expect(paymentEvent({ status: S.partnerRepaying, kind: PARTNER, remainingTotal: c(0), overdueRemaining: c(0) })).toBe('settle')
    expect(paymentEvent({ status: S.partnerOverdue, kind: PARTNER, remainingTotal: c(0), overdueRemaining: c(0) })).toBe('settle')
  })

  it('catches up a single-payment order to 174 and a partner order from 5 to 3', () => {
    expect(paymentEvent({ status: S.overdue, kind: SINGLE, remainingTotal: c(100), overdueRemaining: c(0) })).toBe('caughtUp')
    expect(nextStatus(S.overdue, 'caughtUp', SINGLE)).toBe(S.due)
    expect(paymentEvent({ status: S.partnerOverdue, kind: PARTNER, remainingTotal: c(100), overdueRemaining: c(0) })).toBe('caughtUp')
    expect(nextStatus(S.partnerOverdue, 'caughtUp', PARTNER)).toBe(S.partnerRepaying)
  })

  it('does nothing to an order that is not overdue and still owes, or cannot take the event', () => {
    expect(paymentEvent({ status: S.repayingInstallments, kind: INSTALLMENT, remainingTotal: c(100), overdueRemaining: c(0) })).toBeNull()
    expect(paymentEvent({ status: S.due, kind: SINGLE, remainingTotal: c(100), overdueRemaining: c(0) })).toBeNull()
    expect(paymentEvent({ status: S.overdue, kind: SINGLE, remainingTotal: c(100), overdueRemaining: c(1) })).toBeNull()
    expect(paymentEvent({ status: S.settled, kind: SINGLE, remainingTotal: c(0), overdueRemaining: c(0) })).toBeNull()
    expect(paymentEvent({ status: S.partnerSettled, kind: PARTNER, remainingTotal: c(0), overdueRemaining: c(0) })).toBeNull()
    expect(paymentEvent({ status: S.submitted, kind: SINGLE, remainingTotal: c(0), overdueRemaining: c(0) })).toBeNull()
    expect(paymentEvent({ status: S.approved, kind: SINGLE, remainingTotal: c(0), overdueRemaining: c(0) })).toBeNull()
  })

  it('refuses negative or fractional figures', () => {
    expect(() => paymentEvent({ status: S.overdue, kind: SINGLE, remainingTotal: -1 as Cents, overdueRemaining: c(0) })).toThrow(RangeError)
    expect(() => paymentEvent({ status: S.overdue, kind: SINGLE, remainingTotal: c(1), overdueRemaining: 0.5 as Cents })).toThrow(RangeError)
  })
})

describe('installment selection (docs/product/screens.md#installments)', () => {
  it('checking a period checks every earlier one; unchecking unchecks every later one', () => {
    expect(checkPeriod(0)).toBe(1)
    expect(checkPeriod(2)).toBe(3)
    expect(uncheckPeriod(0)).toBe(0)
    expect(uncheckPeriod(2)).toBe(2)
  })

  it('toggling a period checks it when unchecked and unchecks it when checked', () => {
    expect(togglePeriod(0, 0)).toBe(1)
    expect(togglePeriod(1, 0)).toBe(0)
    expect(togglePeriod(3, 1)).toBe(1)
    expect(togglePeriod(1, 2)).toBe(3)
    expect(togglePeriod(3, 3)).toBe(4)
  })

  it('select-all toggles between every period and only the first', () => {
    expect(toggleAll(4, 4)).toBe(1)
    expect(toggleAll(1, 4)).toBe(4)
    expect(toggleAll(0, 4)).toBe(4)
    expect(toggleAll(1, 1)).toBe(1)
    expect(toggleAll(0, 0)).toBe(0)
    expect(() => toggleAll(5, 4)).toThrow(RangeError)
  })

  it('sums the amounts of the checked periods', () => {
    const amounts = [c(100_00), c(200_00), c(300_00)]
    expect(selectionAmount(amounts, 0)).toBe(0)
    expect(selectionAmount(amounts, 2)).toBe(300_00)
    expect(selectionAmount(amounts, 3)).toBe(600_00)
    expect(() => selectionAmount(amounts, 4)).toThrow(RangeError)
    expect(() => selectionAmount([c(1), -1 as Cents], 2)).toThrow(RangeError)
  })

  it('refuses negative or fractional positions', () => {
    expect(() => checkPeriod(-1)).toThrow(RangeError)
    expect(() => uncheckPeriod(0.5)).toThrow(RangeError)
    expect(() => togglePeriod(2, -1)).toThrow(RangeError)
    expect(() => togglePeriod(-1, 0)).toThrow(RangeError)
  })

  it('lets the borrower tap only the first unpaid period', () => {
    expect(firstPayable([{ paid: true }, { paid: false }, { paid: false }])).toBe(1)
    expect(firstPayable([{ paid: false }, { paid: false }])).toBe(0)
    expect(firstPayable([{ paid: true }, { paid: true }])).toBe(-1)
    expect(firstPayable([])).toBe(-1)
  })
})

describe('extension (docs/product/loans.md#extension: interest and late charges first, then the extension, in one payment)', () => {
  const FEE = c(750_00)

  it('asks for the fee plus everything owed except principal', () => {
    // OWED: 1.500 late charges + 200 fees + interest 100 + 50 + 80, and the fee
    expect(extensionAmount(OWED, FEE)).toBe(1_500_00 + 200_00 + 100_00 + 50_00 + 80_00 + 750_00)
    expect(extensionAmount({ lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(0), principal: c(1_000_000_00) }] }, FEE)).toBe(FEE)
    expect(() => extensionAmount(OWED, c(-1))).toThrow(RangeError)
  })

  it('pays late charges, fees and interest oldest first, then the fee, the excess left over, never principal', () => {
    const due = extensionAmount(OWED, FEE)
    expect(allocateExtension(OWED, FEE, c(due + 7))).toEqual({
      lateCharges: 1_500_00,
      fees: 200_00,
      periods: [
        { periodNo: 1, interest: 50_00, principal: 0 },
        { periodNo: 2, interest: 80_00, principal: 0 },
        { periodNo: 3, interest: 100_00, principal: 0 },
      ],
      extensionFee: FEE,
      leftover: 7,
    })
  })

  it('does not extend for less than the amount, nor a loan with no principal left to move', () => {
    expect(allocateExtension(OWED, FEE, c(extensionAmount(OWED, FEE) - 1))).toBeNull()
    expect(allocateExtension(OWED, FEE, c(0))).toBeNull()
    const interestOnly: Owed = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(10_00), principal: c(0) }] }
    expect(allocateExtension(interestOnly, FEE, c(1_000_00))).toBeNull()
  })
})

describe('isValidUtr (India)', () => {
  it('takes exactly 12 digits', () => {
    expect(isValidUtr('123456789012')).toBe(true)
    expect(isValidUtr('000000000000')).toBe(true)
    for (const bad of ['', '12345678901', '1234567890123', '12345678901a', ' 123456789012', '123456 789012', '１２３４５６７８９０１２']) expect(isValidUtr(bad)).toBe(false)
  })
})

// Property tests

const amountArb = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000_000_00 }))

const owedArb: fc.Arbitrary<Owed> = fc.record({
  lateCharges: amountArb.map(cents),
  fees: amountArb.map(cents),
  // unique period numbers in random order: allocation must sort them itself
  periods: fc.uniqueArray(fc.record({ periodNo: fc.integer({ min: 1, max: 36 }), interest: amountArb.map(cents), principal: amountArb.map(cents) }), {
    maxLength: 8,
    selector: (p) => p.periodNo,
  }),
})

/** A payment between nothing and a little more than everything owed. */
const owedAndPaymentArb = owedArb.chain((owed) => fc.tuple(fc.constant(owed), fc.integer({ min: 0, max: totalOwed(owed) + 1_000_00 }).map(cents)))

const sortedPeriods = (owed: Owed) => [...owed.periods].sort((a, b) => a.periodNo - b.periodNo)

/** Dues in the order they are paid: late charges, fees, then each period's interest and principal. */
function duesInOrder(owed: Owed): number[] {
  return [owed.lateCharges, owed.fees, ...sortedPeriods(owed).flatMap((p) => [p.interest, p.principal])]
}

/** The allocation's parts at the same positions as `duesInOrder`, zero for a period it omits. */
function partsInOrder(owed: Owed, allocation: Allocation): number[] {
  const byNo = new Map(allocation.periods.map((p) => [p.periodNo, p]))
  return [allocation.lateCharges, allocation.fees, ...sortedPeriods(owed).flatMap((p) => [byNo.get(p.periodNo)?.interest ?? 0, byNo.get(p.periodNo)?.principal ?? 0])]
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

describe('allocatePayment, whatever is owed and paid (property)', () => {
  it('never loses or invents a cent: the parts and the leftover add up to the payment', () => {
    fc.assert(
      fc.property(owedAndPaymentArb, ([owed, amount]) => {
        const allocation = allocatePayment(owed, amount)
        const parts = partsInOrder(owed, allocation)
        for (const part of [...parts, allocation.leftover]) expect(Number.isSafeInteger(part) && part >= 0).toBe(true)
        expect(sum(parts) + allocation.leftover).toBe(amount)
        expect(allocation.leftover).toBe(Math.max(0, amount - totalOwed(owed)))
      }),
      { numRuns: 1000 },
    )
  })

  it('pays no part beyond its due and nothing to a later category while an earlier one is unpaid', () => {
    fc.assert(
      fc.property(owedAndPaymentArb, ([owed, amount]) => {
        const allocation = allocatePayment(owed, amount)
        const dues = duesInOrder(owed)
        const parts = partsInOrder(owed, allocation)
        parts.forEach((part, i) => expect(part).toBeLessThanOrEqual(dues[i]!))
        for (let later = 0; later < parts.length; later++) {
          if (parts[later] === 0) continue
          for (let earlier = 0; earlier < later; earlier++) expect(parts[earlier]).toBe(dues[earlier])
        }
        // nothing is left over while anything is unpaid
        if (allocation.leftover > 0) expect(parts).toEqual(dues)
        // periods: oldest first, each owed, each receiving something
        const owedNos = new Set(owed.periods.map((p) => p.periodNo))
        const listed = allocation.periods.map((p) => p.periodNo)
        expect(listed).toEqual([...listed].sort((a, b) => a - b))
        for (const p of allocation.periods) {
          expect(owedNos.has(p.periodNo)).toBe(true)
          expect(p.interest + p.principal).toBeGreaterThan(0)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('never pays a period beyond its due over two payments in a row, and splits them as one payment of their sum', () => {
    fc.assert(
      fc.property(owedAndPaymentArb, amountArb, ([owed, first], second) => {
        const a1 = allocatePayment(owed, first)
        const remaining = remainingAfter(owed, a1)
        const a2 = allocatePayment(remaining, cents(second))
        const dues = duesInOrder(owed)
        const p1 = partsInOrder(owed, a1)
        const p2 = partsInOrder(owed, a2)
        dues.forEach((due, i) => expect(p1[i]! + p2[i]!).toBeLessThanOrEqual(due))
        const together = allocatePayment(owed, cents(first + second))
        expect(p1.map((part, i) => part + p2[i]!)).toEqual(partsInOrder(owed, together))
        expect(a1.leftover + a2.leftover).toBe(together.leftover)
        // and what is left is what was owed less both payments
        const left = remainingAfter(remaining, a2)
        expect(totalOwed(left)).toBe(totalOwed(owed) - sum(p1) - sum(p2))
      }),
      { numRuns: 1000 },
    )
  })
})

/**
 * An order in arrears: periods oldest first, the first `overdueCount` of them overdue, and at least
 * one later period still owing something, so clearing the overdue part does not settle the order.
 */
const arrearsArb = fc
  .record({
    lateCharges: amountArb.map(cents),
    fees: amountArb.map(cents),
    periods: fc.array(fc.record({ interest: amountArb.map(cents), principal: amountArb.map(cents) }), { minLength: 2, maxLength: 8 }),
  })
  .chain((o) =>
    fc.record({
      owed: fc.constant<Owed>({ ...o, periods: o.periods.map((p, i) => ({ periodNo: i + 1, ...p, principal: i === o.periods.length - 1 ? cents(p.principal + 1) : p.principal })) }),
      overdueCount: fc.integer({ min: 1, max: o.periods.length - 1 }),
    }),
  )
  .chain(({ owed, overdueCount }) => {
    const overdueNos = owed.periods.slice(0, overdueCount).map((p) => p.periodNo)
    const clearing = owed.lateCharges + owed.fees + sum(owed.periods.slice(0, overdueCount).map((p) => p.interest + p.principal))
    // a payment that clears everything overdue (fees come before the periods) but not everything
    return fc.record({ owed: fc.constant(owed), overdueNos: fc.constant(overdueNos), amount: fc.integer({ min: clearing, max: totalOwed(owed) - 1 }).map(cents) })
  })

const CAUGHT_UP: Array<[string, OrderKind, OrderStatus, OrderStatus]> = [
  ['installment', INSTALLMENT, S.overdue, S.repayingInstallments],
  ['single payment', SINGLE, S.overdue, S.due],
  ['partner', PARTNER, S.partnerOverdue, S.partnerRepaying],
]

describe('paymentEvent, whatever the payment (property)', () => {
  it.each(CAUGHT_UP)('a %s order whose overdue part is cleared catches up, %s → %s', (_, kind, from, to) => {
    fc.assert(
      fc.property(arrearsArb, ({ owed, overdueNos, amount }) => {
        const after = afterPayment(owed, allocatePayment(owed, amount), overdueNos)
        expect(after.overdueRemaining).toBe(0)
        const event = paymentEvent({ status: from, kind, remainingTotal: totalOwed(after.remaining), overdueRemaining: after.overdueRemaining })
        expect(event).toBe('caughtUp')
        expect(nextStatus(from, event!, kind)).toBe(to)
      }),
      { numRuns: 1000 },
    )
  })

  it.each(CAUGHT_UP)('a %s overdue order paid in full settles', (_, kind, from) => {
    fc.assert(
      fc.property(arrearsArb, fc.integer({ min: 0, max: 1_000_00 }), ({ owed, overdueNos }, extra) => {
        const allocation = allocatePayment(owed, cents(totalOwed(owed) + extra))
        expect(allocation.leftover).toBe(extra)
        const after = afterPayment(owed, allocation, overdueNos)
        const event = paymentEvent({ status: from, kind, remainingTotal: totalOwed(after.remaining), overdueRemaining: after.overdueRemaining })
        expect(event).toBe('settle')
        expect(nextStatus(from, event!, kind)).toBe(kind.partner ? S.partnerSettled : S.settled)
      }),
      { numRuns: 1000 },
    )
  })

  it.each(CAUGHT_UP)('a %s overdue order that still owes something overdue takes no event', (_, kind, from) => {
    fc.assert(
      fc.property(arrearsArb, ({ owed, overdueNos }) => {
        // one cent short, and that cent in an overdue period (a short fee alone is not overdue)
        fc.pre(sum(owed.periods.filter((p) => overdueNos.includes(p.periodNo)).map((p) => p.interest + p.principal)) > 0)
        const clearing = overdueOwed(owed, overdueNos) + owed.fees
        const after = afterPayment(owed, allocatePayment(owed, cents(clearing - 1)), overdueNos)
        expect(after.overdueRemaining).toBeGreaterThan(0)
        expect(paymentEvent({ status: from, kind, remainingTotal: totalOwed(after.remaining), overdueRemaining: after.overdueRemaining })).toBeNull()
      }),
      { numRuns: 1000 },
    )
  })
})

type SelectionOp = { kind: 'toggle'; index: number } | { kind: 'all' }

describe('installment selection, whatever is tapped (property)', () => {
  it('is always a prefix, and its amount is the sum of the checked periods', () => {
    const caseArb = fc.array(fc.integer({ min: 0, max: 5_000_000_00 }).map(cents), { maxLength: 12 }).chain((amounts) =>
      fc.record({
        amounts: fc.constant(amounts),
        ops: fc.array(
          amounts.length === 0
            ? fc.constant<SelectionOp>({ kind: 'all' })
            : fc.oneof(fc.integer({ min: 0, max: amounts.length - 1 }).map((index): SelectionOp => ({ kind: 'toggle', index })), fc.constant<SelectionOp>({ kind: 'all' })),
          { maxLength: 30 },
        ),
      }),
    )
    fc.assert(
      fc.property(caseArb, ({ amounts, ops }) => {
        const total = amounts.length
        let count = 0
        // the screen's words (docs/product/screens.md#installments), one checkbox per period, as an independent model
        let checked = amounts.map(() => false)
        for (const op of ops) {
          if (op.kind === 'toggle') {
            count = togglePeriod(count, op.index)
            const on = !checked[op.index]
            checked = checked.map((was, i) => (on ? was || i <= op.index : was && i < op.index))
          } else {
            count = toggleAll(count, total)
            const all = checked.every(Boolean)
            checked = checked.map((_, i) => (all ? i === 0 : true))
          }
          expect(count).toBeGreaterThanOrEqual(0)
          expect(count).toBeLessThanOrEqual(total)
          expect(checked).toEqual(amounts.map((_, i) => i < count))
          expect(selectionAmount(amounts, count)).toBe(sum(amounts.filter((_, i) => checked[i])))
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe('allocateExtension, whatever is owed and paid (property)', () => {
  const feeArb = amountArb.map(cents)
  /** What is owed, a fee, and a payment from a little under the extension's amount to a little over. */
  const caseArb = fc.tuple(owedArb, feeArb).chain(([owed, fee]) => {
    const due = extensionAmount(owed, fee)
    return fc.tuple(fc.constant(owed), fc.constant(fee), fc.integer({ min: Math.max(0, due - 1_000), max: due + 1_000_00 }).map(cents))
  })

  it('never loses or invents a cent, never touches principal, and leaves nothing but principal owed', () => {
    fc.assert(
      fc.property(caseArb, ([owed, fee, amount]) => {
        const due = extensionAmount(owed, fee)
        const allocation = allocateExtension(owed, fee, amount)
        const hasPrincipal = owed.periods.some((p) => p.principal > 0)
        if (amount < due || !hasPrincipal) {
          expect(allocation).toBeNull()
          return
        }
        expect(allocation).not.toBeNull()
        const a = allocation!
        const parts = [a.lateCharges, a.fees, ...a.periods.flatMap((p) => [p.interest, p.principal]), a.extensionFee, a.leftover]
        for (const part of parts) expect(Number.isSafeInteger(part) && part >= 0).toBe(true)
        expect(sum(parts)).toBe(amount)
        expect(a.extensionFee).toBe(fee)
        expect(a.leftover).toBe(amount - due)
        for (const p of a.periods) expect(p.principal).toBe(0)
        const left = remainingAfter(owed, a)
        expect(left.lateCharges).toBe(0)
        expect(left.fees).toBe(0)
        for (const p of left.periods) {
          expect(p.interest).toBe(0)
          expect(p.principal).toBe(owed.periods.find((o) => o.periodNo === p.periodNo)!.principal)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('pays what it pays in allocatePayment\'s order: the same parts as an ordinary payment of all but principal', () => {
    fc.assert(
      fc.property(caseArb, ([owed, fee, amount]) => {
        const a = allocateExtension(owed, fee, amount)
        if (!a) return
        const withoutPrincipal: Owed = { ...owed, periods: owed.periods.map((p) => ({ ...p, principal: c(0) })) }
        const { extensionFee, ...rest } = a
        expect({ ...rest, leftover: c(rest.leftover + extensionFee) }).toEqual(allocatePayment(withoutPrincipal, amount))
      }),
      { numRuns: 1000 },
    )
  })
})
