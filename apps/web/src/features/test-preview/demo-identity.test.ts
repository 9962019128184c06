import { checkIdentityID, checkIdentityIN, checkIdentityMX, checkPayoutAccount, MARKETS, type IdentityID, type IdentityIN, type IdentityMX } from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, demoIdentity, IDENTITY_FIELDS, identityBody } from './demo-identity'

const NOW = new Date('2026-12-02T08:00:00Z')
const SEEDS = Array.from({ length: 300 }, (_, i) => `session-${i}|+62812****${String(i).padStart(4, '0')}`)

/** The domain's own check of a market's identity (docs/product/identity-and-payout-account.md#identity-checks). */
function check(market: (typeof MARKETS)[number], seed: string) {
  const body = identityBody(market, demoIdentity(market, seed), NOW)
  if (market === 'ID') return checkIdentityID(body as unknown as IdentityID, NOW)
  if (market === 'IN') return checkIdentityIN(body as unknown as IdentityIN, NOW)
  return checkIdentityMX(body as unknown as IdentityMX, NOW)
}

describe('the test preview’s made-up identities', () => {
  it.each([...MARKETS])('pass the domain’s checks of %s, whatever the seed', (market) => {
    for (const seed of SEEDS) expect(check(market, seed), seed).toMatchObject({ ok: true })
  })

  it.each([...MARKETS])('give each borrower a number of their own in %s, and the same one again for the same seed', (market) => {
    const number = { ID: 'nik', IN: 'pan', MX: 'curp' } as const
    const numbers = SEEDS.map((seed) => demoIdentity(market, seed)[number[market]])
    expect(new Set(numbers).size).toBe(SEEDS.length)
    expect(demoIdentity(market, SEEDS[0]!)).toEqual(demoIdentity(market, SEEDS[0]!))
  })

  it('fill every field of the market’s form, and send the demo KYC vendor’s verified result', () => {
    for (const market of MARKETS) {
      const values = demoIdentity(market, 'seed')
      expect(Object.keys(values).sort()).toEqual([...IDENTITY_FIELDS[market]].sort())
    }
    const values = demoIdentity('ID', 'seed')
    // A woman's NIK: 40 added to her day of birth, in digits 7 and 8.
    expect(Number(values.nik!.slice(6, 8))).toBe(Number(values.birthDate!.slice(8)) + 40)
    expect(identityBody('ID', values, NOW).kyc).toEqual({ vendor: 'demo-kyc', reference: `DEMO-KYC-${NOW.getTime()}`, result: 'verified', checkedAt: '2026-12-02T08:00:00.000Z' })
  })

  it('give each market a demo account its checks take, found by the payout sandbox in the borrower’s name', () => {
    const shown = Object.fromEntries(
      MARKETS.map((market) => {
        const checked = checkPayoutAccount(market, DEMO_ACCOUNTS[market])
        if (!checked.ok) throw new Error(`${market}: ${JSON.stringify(checked.refusals)}`)
        return [market, checked.display.masked]
      }),
    )
    expect(shown).toEqual({ ID: 'BCA •••• 7890', IN: 'HDFC0001234 •••• 9012', MX: expect.stringMatching(/^BBVA MEXICO •••• \d{4}$/) })
    // The sandbox's endings for an unknown account, a mismatch, a timeout and a pending check.
    for (const market of MARKETS) expect(['0000', '9999', '5555', '4444']).not.toContain(String(shown[market]).slice(-4))
  })
})
