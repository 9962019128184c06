import { describe, expect, it } from 'vitest'
import { fillText, SHARED_TEXTS } from './texts.js'

describe('shared texts', () => {
  it('fill their placeholders, and leave one without a value as it is', () => {
    expect(fillText(SHARED_TEXTS.en.claims.IN.amount, { min: '₹2,000', max: '₹80,000' })).toBe('Loans from ₹2,000 to ₹80,000 within 2 hours')
    expect(fillText('{{ salary }} and {{other}}', { salary: '$6,000' })).toBe('$6,000 and {{other}}')
  })
})
