import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BORROWER_REJECT_REASONS, DECISION_REASONS, DECISION_REASON_TEXTS, borrowerRejectReason, isDecisionReason } from './decisions.js'
import { REJECT_REASONS } from './orders.js'

describe('borrowerRejectReason: what a rejected borrower reads', () => {
  it('keeps a decision reason that rejects as it is', () => {
    for (const reason of DECISION_REASONS.filter((r) => !['amount_reduced', 'manual_check', 'paused'].includes(r))) {
      expect(borrowerRejectReason(reason)).toBe(reason)
    }
  })

  it('never shows a reason that does not reject (a smaller amount, the team’s check, the pause) for a rejection', () => {
    for (const reason of ['amount_reduced', 'manual_check', 'paused']) expect(borrowerRejectReason(reason)).toBe('outside_policy')
  })

  it.each([
    ['identity_unverified', 'identity_unverified'],
    ['credit_history', 'overdue_history'],
    ['duplicate_application', 'too_many_applications'],
    ['fraud_suspected', 'outside_policy'],
    ['income_insufficient', 'outside_policy'],
    ['existing_debt', 'outside_policy'],
    ['outside_policy', 'outside_policy'],
    ['other', 'outside_policy'],
  ])('maps the staff’s %s to %s', (staff, shown) => {
    expect(borrowerRejectReason(staff)).toBe(shown)
  })

  it('maps every staff reason to a decision reason with a text in every language, and never tells of fraud', () => {
    expect(Object.keys(BORROWER_REJECT_REASONS).sort()).toEqual([...REJECT_REASONS].sort())
    for (const staff of REJECT_REASONS) {
      const shown = borrowerRejectReason(staff)
      expect(isDecisionReason(shown)).toBe(true)
      for (const text of Object.values(DECISION_REASON_TEXTS[shown])) {
        expect(text.length).toBeGreaterThan(0)
        expect(text).not.toMatch(/fraud|penipuan|fraude/i)
      }
    }
  })

  it('says outside_policy for no key, an unknown key, or a name of an object’s own machinery', () => {
    for (const key of [null, '', 'OUTSIDE_POLICY', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'fraud']) {
      expect(borrowerRejectReason(key)).toBe('outside_policy')
    }
  })

  it('always answers a decision reason, whatever the history kept (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.oneof(fc.string(), fc.constantFrom(...DECISION_REASONS, ...REJECT_REASONS)), { nil: null }), (key) => {
        expect(isDecisionReason(borrowerRejectReason(key))).toBe(true)
      }),
    )
  })

  it('takes only the type of the staff’s reasons: the borrower screens that import it never ship the staff’s calls', () => {
    const source = readFileSync(new URL('./decisions.ts', import.meta.url), 'utf8')
    expect(source).toMatch(/^import type \{ RejectReason \} from '\.\/orders\.js'$/m)
    expect(source).not.toMatch(/^import \{[^}]*\} from '\.\/orders\.js'/m)
    expect(readFileSync(new URL('./orders.ts', import.meta.url), 'utf8')).not.toMatch(/from '\.\/decisions\.js'/)
  })
})
