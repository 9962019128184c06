import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  PAYOUT_EVENTS,
  PAYOUT_IN_FLIGHT,
  PAYOUT_OPEN,
  PAYOUT_STATUSES,
  PAYOUT_TRANSITIONS,
  PayoutTransitionError,
  canPayoutTake,
  createsPayout,
  isFinalPayoutStatus,
  isPayoutInFlight,
  isPayoutStatus,
  nextPayoutStatus,
  type PayoutEvent,
  type PayoutStatus,
} from './payout-status.js'

/**
 * Every move a payout request may make (docs/product/operations.md#payout-states), written out
 * here a second time on purpose: the table in the code must say exactly this. `null`: not created.
 */
const EXPECTED: Array<[PayoutStatus | null, PayoutEvent, PayoutStatus]> = [
  [null, 'request', 'pending'],
  [null, 'queue', 'confirmed'],
  ['pending', 'confirm', 'confirmed'],
  ['pending', 'cancel', 'cancelled'],
  ['confirmed', 'claim', 'sending'],
  ['sending', 'accept', 'accepted'],
  ['sending', 'complete', 'completed'],
  ['sending', 'fail', 'failed'],
  ['accepted', 'complete', 'completed'],
  ['accepted', 'fail', 'failed'],
]

const key = (from: PayoutStatus | null, event: PayoutEvent) => `${from ?? '-'}:${event}`
const ALLOWED = new Map(EXPECTED.map(([from, event, to]) => [key(from, event), to]))
const FROM: Array<PayoutStatus | null> = [null, ...PAYOUT_STATUSES]

describe('payout state machine: the table', () => {
  it('is exactly the expected moves, one next state per state and event', () => {
    expect(PAYOUT_TRANSITIONS.map((t) => [t.from, t.event, t.to])).toEqual(EXPECTED)
    expect(new Set(PAYOUT_TRANSITIONS.map((t) => key(t.from, t.event))).size).toBe(PAYOUT_TRANSITIONS.length)
  })

  it.each(EXPECTED)('%s --%s--> %s', (from, event, to) => {
    expect(canPayoutTake(from, event)).toBe(true)
    expect(nextPayoutStatus(from, event)).toBe(to)
  })

  it('refuses every other state and event with a typed error naming both', () => {
    let refused = 0
    for (const from of FROM) {
      for (const event of PAYOUT_EVENTS) {
        if (ALLOWED.has(key(from, event))) continue
        refused += 1
        expect(canPayoutTake(from, event), key(from, event)).toBe(false)
        const error = (() => {
          try {
            nextPayoutStatus(from, event)
          } catch (e) {
            return e
          }
        })()
        expect(error).toBeInstanceOf(PayoutTransitionError)
        expect(error).toMatchObject({ status: from, event })
      }
    }
    expect(refused).toBe(FROM.length * PAYOUT_EVENTS.length - EXPECTED.length)
  })

  it('only request and queue create a request; nothing else starts from nothing', () => {
    expect(PAYOUT_EVENTS.filter(createsPayout)).toEqual(['request', 'queue'])
    for (const t of PAYOUT_TRANSITIONS) expect(t.from === null).toBe(createsPayout(t.event))
  })

  it('every state is reached from creation, and every event is used', () => {
    const reached = new Set<PayoutStatus>()
    let frontier: Array<PayoutStatus | null> = [null]
    while (frontier.length) {
      const next: PayoutStatus[] = []
      for (const from of frontier) {
        for (const t of PAYOUT_TRANSITIONS) {
          if (t.from === from && !reached.has(t.to)) {
            reached.add(t.to)
            next.push(t.to)
          }
        }
      }
      frontier = next
    }
    expect([...reached].sort()).toEqual([...PAYOUT_STATUSES].sort())
    expect(new Set(PAYOUT_TRANSITIONS.map((t) => t.event))).toEqual(new Set(PAYOUT_EVENTS))
  })

  it('final states: completed, failed and cancelled take no event', () => {
    expect(PAYOUT_STATUSES.filter(isFinalPayoutStatus)).toEqual(['completed', 'failed', 'cancelled'])
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      for (const event of PAYOUT_EVENTS) expect(canPayoutTake(status, event)).toBe(false)
    }
  })

  it('in flight: confirmed and not finished, the states the outbox still works on; open adds pending', () => {
    // what the worker can reach from a confirmation, before a final state
    const fromConfirmed = new Set<PayoutStatus>(['confirmed'])
    for (let round = 0; round < PAYOUT_STATUSES.length; round++) {
      for (const t of PAYOUT_TRANSITIONS) if (t.from !== null && fromConfirmed.has(t.from)) fromConfirmed.add(t.to)
    }
    expect([...PAYOUT_IN_FLIGHT].sort()).toEqual([...fromConfirmed].filter((s) => !isFinalPayoutStatus(s)).sort())
    expect(PAYOUT_STATUSES.filter(isPayoutInFlight)).toEqual(['confirmed', 'sending', 'accepted'])
    expect([...PAYOUT_OPEN].sort()).toEqual(PAYOUT_STATUSES.filter((s) => !isFinalPayoutStatus(s)).sort())
  })

  it('recognises its states', () => {
    for (const s of PAYOUT_STATUSES) expect(isPayoutStatus(s)).toBe(true)
    for (const v of ['paid', '', 'Pending', null, 3]) expect(isPayoutStatus(v)).toBe(false)
  })
})

describe('payout state machine: no sequence of events leaves the table', () => {
  const anyEvent = fc.constantFrom(...PAYOUT_EVENTS)
  /** Every state a walk visits takes exactly the events the table gives it, no other. */
  const takesOnlyTheTables = (state: PayoutStatus | null) => {
    for (const e of PAYOUT_EVENTS) expect(canPayoutTake(state, e), key(state, e)).toBe(ALLOWED.has(key(state, e)))
  }

  it('from nothing, any events: each one taken is a move of the table, each refused one changes nothing', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40, size: 'max' }), (events) => {
        let state: PayoutStatus | null = null
        const path: string[] = []
        for (const event of events) {
          takesOnlyTheTables(state)
          const allowed = ALLOWED.get(key(state, event))
          if (allowed === undefined) {
            expect(canPayoutTake(state, event)).toBe(false)
            expect(() => nextPayoutStatus(state, event)).toThrow(PayoutTransitionError)
            continue
          }
          const to = nextPayoutStatus(state, event)
          expect(to).toBe(allowed)
          expect(PAYOUT_TRANSITIONS).toContainEqual({ from: state, event, to })
          path.push(key(state, event))
          state = to
        }
        takesOnlyTheTables(state)
        // a request is created once at most, and then always has a state of the table
        expect(path.filter((p) => p.startsWith('-:')).length).toBeLessThanOrEqual(1)
        if (path.length > 0) expect(isPayoutStatus(state)).toBe(true)
        // the path is at most creation, a decision, the claim, the acceptance, the result
        expect(path.length).toBeLessThanOrEqual(5)
      }),
      { numRuns: 500 },
    )
  })

  it('once final, a request takes nothing more, whatever comes after', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { minLength: 1, maxLength: 30, size: 'max' }), fc.array(anyEvent, { maxLength: 20, size: 'max' }), (before, after) => {
        let state: PayoutStatus | null = null
        for (const event of before) if (canPayoutTake(state, event)) state = nextPayoutStatus(state, event)
        if (state === null || !isFinalPayoutStatus(state)) return
        for (const event of after) {
          expect(canPayoutTake(state, event)).toBe(false)
          expect(() => nextPayoutStatus(state, event)).toThrow(PayoutTransitionError)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a money state is never left backwards: once claimed, never pending or confirmed again', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40, size: 'max' }), (events) => {
        let state: PayoutStatus | null = null
        let claimed = false
        for (const event of events) {
          if (!canPayoutTake(state, event)) continue
          state = nextPayoutStatus(state, event)
          if (state === 'sending') claimed = true
          if (claimed) expect(['pending', 'confirmed', 'cancelled']).not.toContain(state)
        }
      }),
      { numRuns: 300 },
    )
  })
})

/**
 * The operations page shows the same table (docs/product/operations.md#payout-states): its rows
 * under "Moves between states", read back and compared with the code's.
 */
describe('the operations page shows the payout state table', () => {
  const page = readFileSync(new URL('../../../docs/product/operations.md', import.meta.url), 'utf8')

  function documentedMoves(): Array<[PayoutStatus | null, string, string]> {
    const section = page.split(/^### Payout states$/m)[1]?.split(/^#{2,3} /m)[0]
    if (!section) throw new Error('no "### Payout states" section in docs/product/operations.md')
    const table = section.split(/^Moves between states/m)[1]
    if (!table) throw new Error('no "Moves between states" table under "### Payout states"')
    const rows = table
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('|'))
    const [header, rule, ...body] = rows
    expect(header?.split('|').map((c) => c.trim()).slice(1, 4)).toEqual(['from', 'event', 'to'])
    expect(rule).toMatch(/^\|[-|\s]+\|$/)
    return body.map((line): [PayoutStatus | null, string, string] => {
      const [from, event, to] = line.split('|').slice(1, 4).map((c) => c.trim())
      const code = (cell: string | undefined) => /^`([a-z]+)`$/.exec(cell ?? '')?.[1] ?? `not a state or event: ${cell}`
      return [from === '—' ? null : (code(from) as PayoutStatus), code(event), code(to)]
    })
  }

  it('lists every move of the domain table, and no other, in the same order', () => {
    expect(documentedMoves()).toEqual(PAYOUT_TRANSITIONS.map((t) => [t.from, t.event, t.to]))
  })

  it('names every state in its table of states', () => {
    const section = page.split(/^### Payout states$/m)[1]!.split(/^Moves between states/m)[0]!
    const named = [...section.matchAll(/^\| `([a-z]+)` \|/gm)].map((m) => m[1])
    expect(named).toEqual([...PAYOUT_STATUSES])
  })
})
