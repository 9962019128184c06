import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FOUR_EYES_ACTIONS, FOUR_EYES_EXPIRY_MS, fourEyesExpiresAt, fourEyesRefusal } from './four-eyes.js'

const at = new Date('2026-12-01T03:00:00Z')
const HOUR = 3_600_000

describe('four eyes', () => {
  it('refuses the maker confirming their own request, in every action', () => {
    for (const action of FOUR_EYES_ACTIONS) {
      expect(fourEyesRefusal(action, { requestedBy: 7, requestedAt: at }, 7, 'confirm', at)).toBe('sameMember')
      expect(fourEyesRefusal(action, { requestedBy: 7, requestedAt: at }, 8, 'confirm', at)).toBeNull()
    }
  })

  it('lets the maker or anyone reject or withdraw, even once expired', () => {
    const late = new Date(at.getTime() + 30 * 24 * HOUR)
    for (const action of FOUR_EYES_ACTIONS) {
      expect(fourEyesRefusal(action, { requestedBy: 7, requestedAt: at }, 7, 'reject', late)).toBeNull()
      expect(fourEyesRefusal(action, { requestedBy: 7, requestedAt: at }, 8, 'reject', late)).toBeNull()
    }
  })

  it('refuses a confirmation from the moment the request expires, not a millisecond before', () => {
    expect(fourEyesRefusal('payout', { requestedBy: 7, requestedAt: at }, 8, 'confirm', new Date(at.getTime() + 72 * HOUR - 1))).toBeNull()
    expect(fourEyesRefusal('payout', { requestedBy: 7, requestedAt: at }, 8, 'confirm', new Date(at.getTime() + 72 * HOUR))).toBe('expired')
    expect(fourEyesExpiresAt('productVersion', at).toISOString()).toBe('2026-12-15T03:00:00.000Z')
  })

  it('a system request (no maker) is confirmable by anyone until it expires', () => {
    expect(fourEyesRefusal('payout', { requestedBy: null, requestedAt: at }, 8, 'confirm', at)).toBeNull()
  })

  it('holds for any maker, checker, action and moment (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOUR_EYES_ACTIONS),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 40 * 24 * HOUR }),
        fc.constantFrom('confirm' as const, 'reject' as const),
        (action, maker, checker, waited, decision) => {
          const refusal = fourEyesRefusal(action, { requestedBy: maker, requestedAt: at }, checker, decision, new Date(at.getTime() + waited))
          if (decision === 'reject') return refusal === null
          if (maker === checker) return refusal === 'sameMember'
          return refusal === (waited >= FOUR_EYES_EXPIRY_MS[action] ? 'expired' : null)
        },
      ),
    )
  })
})
