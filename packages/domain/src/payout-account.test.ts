import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { luhnValid } from './card.js'
import { makeClabe } from './clabe.js'
import type { Market } from './markets.js'
import {
  checkPayoutAccount,
  ID_BANK_CODES,
  ID_EWALLET_PROVIDERS,
  ID_PAYOUT_BANKS,
  idPayoutChannelCode,
  maskPayoutAccount,
  MX_CLABE_BANKS,
  PAYOUT_ACCOUNT_REASONS,
  type PayoutAccount,
  type PayoutAccountCheck,
  type PayoutAccountInput,
} from './payout-account.js'

// docs/product/identity-and-payout-account.md#payout-account
const RUNS = { numRuns: 500 }

function refusalsOf<M extends Market>(result: PayoutAccountCheck<M>) {
  return result.ok ? [] : result.refusals
}

function accountOf<M extends Market>(result: PayoutAccountCheck<M>): PayoutAccount<M> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusals)}`)
  return result.account
}

/** The Luhn check digit that completes `body`, by trying them all. */
function withLuhn(body: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(body + d)) return body + d
  throw new Error(`no check digit for ${body}`)
}

const digits = (min: number, max = min) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`))

describe('Indonesia: bank accounts', () => {
  it('takes Xendit’s code or ours in any case, and the bank’s own length', () => {
    const result = checkPayoutAccount('ID', { kind: 'bank', bankCode: ' bca ', accountNo: '123-456 7890' })
    expect(result).toEqual({ ok: true, account: { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1234567890' }, display: { institution: 'BCA', last4: '7890', masked: 'BCA •••• 7890' } })
    expect(accountOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'ID_BRI', accountNo: '0123 0100 1234 567' }))).toEqual({ kind: 'bank', bankCode: 'ID_BRI', accountNo: '012301001234567' })
    expect(accountOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'mandiri', accountNo: '1370012345678' }))).toMatchObject({ bankCode: 'ID_MANDIRI' })
    expect(accountOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'ID_BSI', accountNo: '7123456789' }))).toMatchObject({ bankCode: 'ID_BSI' })
  })

  it('holds BCA, BNI, BRI and Mandiri to their lengths, the others to 6 to 20 digits', () => {
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'BCA', accountNo: '123456789' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'BNI', accountNo: '12345678901' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'BRI', accountNo: '1234567890' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'MANDIRI', accountNo: '123456789012' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'PERMATA', accountNo: '123456' }).ok).toBe(true)
    expect(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'CIMB', accountNo: '1'.repeat(20) }).ok).toBe(true)
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'DANAMON', accountNo: '12345' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'BTN', accountNo: '1'.repeat(21) }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
  })

  it('refuses an unknown bank, letters and empty fields, all at once', () => {
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'ID_JAGO', accountNo: '12345678' }))).toEqual([{ field: 'bankCode', reason: 'unknownBank' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'BCA', accountNo: '12345O7890' }))).toEqual([{ field: 'accountNo', reason: 'accountNoDigits' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: ' ', accountNo: '' }))).toEqual([
      { field: 'bankCode', reason: 'missing' },
      { field: 'accountNo', reason: 'missing' },
    ])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: 'XYZ', accountNo: '12' }))).toEqual([
      { field: 'bankCode', reason: 'unknownBank' },
      { field: 'accountNo', reason: 'accountNoLength' },
    ])
  })

  it('knows every bank of its list by name, with Xendit’s channel code', () => {
    for (const code of ID_BANK_CODES) {
      expect(code).toMatch(/^ID_[A-Z]+$/)
      expect(ID_PAYOUT_BANKS[code].shortName.length).toBeGreaterThan(0)
      const length = ID_PAYOUT_BANKS[code].accountNoLength ?? 12
      const account = accountOf(checkPayoutAccount('ID', { kind: 'bank', bankCode: code, accountNo: '9'.repeat(length) }))
      expect(idPayoutChannelCode(account)).toBe(code)
    }
  })
})

describe('Indonesia: e-wallets', () => {
  it('takes DANA, OVO and GoPay with an Indonesian mobile number, as E.164', () => {
    const result = checkPayoutAccount('ID', { kind: 'ewallet', provider: 'dana', phone: '0812-3456-5678' })
    expect(result).toEqual({ ok: true, account: { kind: 'ewallet', provider: 'DANA', phone: '+6281234565678' }, display: { institution: 'DANA', last4: '5678', masked: 'DANA •••• 5678' } })
    for (const provider of ID_EWALLET_PROVIDERS) {
      const account = accountOf(checkPayoutAccount('ID', { kind: 'ewallet', provider, phone: '+62 812 3456 7890' }))
      expect(idPayoutChannelCode(account)).toBe(`ID_${provider}`)
    }
    expect(accountOf(checkPayoutAccount('ID', { kind: 'ewallet', provider: 'ID_GOPAY', phone: '081234567890' }))).toMatchObject({ provider: 'GOPAY' })
  })

  it('refuses another wallet, a landline and a number of another market', () => {
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'ewallet', provider: 'LINKAJA', phone: '081234567890' }))).toEqual([{ field: 'provider', reason: 'unknownProvider' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'ewallet', provider: 'OVO', phone: '0215551234' }))).toEqual([{ field: 'phone', reason: 'phone' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'ewallet', provider: 'OVO', phone: '+919876543210' }))).toEqual([{ field: 'phone', reason: 'phone' }])
    expect(refusalsOf(checkPayoutAccount('ID', { kind: 'ewallet', provider: '', phone: '' }))).toEqual([
      { field: 'provider', reason: 'missing' },
      { field: 'phone', reason: 'missing' },
    ])
  })
})

describe('India', () => {
  it('takes an IFSC and account number, the IFSC upper case', () => {
    const result = checkPayoutAccount('IN', { kind: 'bank', ifsc: ' hdfc0001234 ', accountNo: '5010 0123 4321' })
    expect(result).toEqual({ ok: true, account: { kind: 'bank', ifsc: 'HDFC0001234', accountNo: '501001234321' }, display: { institution: 'HDFC0001234', last4: '4321', masked: 'HDFC0001234 •••• 4321' } })
    expect(checkPayoutAccount('IN', { kind: 'bank', ifsc: 'SBIN0A1B2C3', accountNo: '123456789' }).ok).toBe(true)
    expect(checkPayoutAccount('IN', { kind: 'bank', ifsc: 'ICIC0000001', accountNo: '1'.repeat(18) }).ok).toBe(true)
  })

  it('refuses an IFSC without its zero or of the wrong length, and account numbers outside 9 to 18 digits', () => {
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC00012345', '1234056789A', 'HDFC0_01234']) {
      expect(refusalsOf(checkPayoutAccount('IN', { kind: 'bank', ifsc, accountNo: '123456789' }))).toEqual([{ field: 'ifsc', reason: 'ifscPattern' }])
    }
    expect(refusalsOf(checkPayoutAccount('IN', { kind: 'bank', ifsc: 'HDFC0001234', accountNo: '12345678' }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
    expect(refusalsOf(checkPayoutAccount('IN', { kind: 'bank', ifsc: 'HDFC0001234', accountNo: '1'.repeat(19) }))).toEqual([{ field: 'accountNo', reason: 'accountNoLength' }])
  })

  it('takes a UPI id lower case, and refuses one without a provider or with spaces', () => {
    const result = checkPayoutAccount('IN', { kind: 'upi', vpa: ' Ananya.Sharma@OKAXIS ' })
    expect(result).toEqual({ ok: true, account: { kind: 'upi', vpa: 'ananya.sharma@okaxis' }, display: { institution: 'okaxis', last4: null, masked: 'ana•••@okaxis' } })
    expect(accountOf(checkPayoutAccount('IN', { kind: 'upi', vpa: '9876543210@ybl' }))).toEqual({ kind: 'upi', vpa: '9876543210@ybl' })
    for (const vpa of ['ananya', 'ananya@', '@okaxis', 'a@okaxis', 'ana nya@okaxis', 'ananya@ok-axis', 'ananya@1bank', 'ananya@o', 'an@ya@okaxis']) {
      expect(refusalsOf(checkPayoutAccount('IN', { kind: 'upi', vpa }))).toEqual([{ field: 'vpa', reason: 'vpaPattern' }])
    }
  })
})

describe('Mexico', () => {
  it('takes a CLABE of a known bank with a valid check digit, shown by the bank’s name', () => {
    const clabe = makeClabe('012', '180', '00012345678')
    const spaced = `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)}-${clabe.slice(17)}`
    expect(checkPayoutAccount('MX', { kind: 'clabe', clabe: spaced })).toEqual({
      ok: true,
      account: { kind: 'clabe', clabe },
      display: { institution: 'BBVA MEXICO', last4: clabe.slice(-4), masked: `BBVA MEXICO •••• ${clabe.slice(-4)}` },
    })
    expect(maskPayoutAccount('MX', { kind: 'clabe', clabe: makeClabe('002', '010', '07777777777') })).toBe('BANAMEX •••• 7771')
  })

  it('refuses a wrong check digit, an unknown bank and a wrong length', () => {
    expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: '002010077777777772' }))).toEqual([{ field: 'clabe', reason: 'clabeCheckDigit' }])
    // 032 is a valid CLABE (clabe.test.ts) of a bank we do not pay into
    expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: '032180000118359719' }))).toEqual([{ field: 'clabe', reason: 'clabeBank' }])
    expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: '032180000118359718' }))).toEqual([
      { field: 'clabe', reason: 'clabeCheckDigit' },
      { field: 'clabe', reason: 'clabeBank' },
    ])
    for (const clabe of ['00201007777777777', '0020100777777777711', '00201007777777777X']) {
      expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe }))).toEqual([{ field: 'clabe', reason: 'clabeLength' }])
    }
  })

  it('takes a 16-digit Luhn-valid debit card, shown by its network', () => {
    expect(checkPayoutAccount('MX', { kind: 'debitCard', cardNo: '4111 1111 1111 1111' })).toEqual({
      ok: true,
      account: { kind: 'debitCard', cardNo: '4111111111111111' },
      display: { institution: 'VISA', last4: '1111', masked: 'VISA •••• 1111' },
    })
    expect(maskPayoutAccount('MX', { kind: 'debitCard', cardNo: '5555555555554444' })).toBe('MASTERCARD •••• 4444')
    expect(refusalsOf(checkPayoutAccount('MX', { kind: 'debitCard', cardNo: '4111111111111112' }))).toEqual([{ field: 'cardNo', reason: 'cardLuhn' }])
    // a valid 15-digit card is not a debit card we pay into
    expect(refusalsOf(checkPayoutAccount('MX', { kind: 'debitCard', cardNo: '378282246310005' }))).toEqual([{ field: 'cardNo', reason: 'cardLength' }])
  })
})

describe('checkPayoutAccount, whatever it is sent', () => {
  it('refuses a kind of another market', () => {
    const ask = checkPayoutAccount as (market: Market, input: unknown) => PayoutAccountCheck
    expect(refusalsOf(ask('ID', { kind: 'upi', vpa: 'ana@okaxis' }))).toEqual([{ field: 'kind', reason: 'unknownKind' }])
    expect(refusalsOf(ask('IN', { kind: 'clabe', clabe: '002010077777777771' }))).toEqual([{ field: 'kind', reason: 'unknownKind' }])
    expect(refusalsOf(ask('MX', { kind: 'bank', bankCode: 'BCA', accountNo: '1234567890' }))).toEqual([{ field: 'kind', reason: 'unknownKind' }])
  })

  it('never throws, and only says reasons of its list', () => {
    const ask = checkPayoutAccount as (market: Market, input: unknown) => PayoutAccountCheck
    const kinds = fc.constantFrom('bank', 'ewallet', 'upi', 'clabe', 'debitCard', 'other')
    const field = fc.oneof(fc.string({ maxLength: 30 }), fc.anything())
    const input = fc.oneof(
      fc.anything(),
      fc.record({ kind: kinds, bankCode: field, accountNo: field, provider: field, phone: field, ifsc: field, vpa: field, clabe: field, cardNo: field }, { requiredKeys: ['kind'] }),
    )
    fc.assert(
      fc.property(fc.constantFrom<Market>('ID', 'IN', 'MX'), input, (market, raw) => {
        const result = ask(market, raw)
        if (!result.ok) {
          expect(result.refusals.length).toBeGreaterThan(0)
          for (const r of result.refusals) expect(PAYOUT_ACCOUNT_REASONS).toContain(r.reason)
        }
      }),
      RUNS,
    )
  })
})

// ─── Properties ──────────────────────────────────────────────────────────────────────────────

const clabeBank = fc.constantFrom(...Object.keys(MX_CLABE_BANKS))
const validClabe = fc.tuple(clabeBank, digits(3), digits(11)).map(([bank, plaza, account]) => makeClabe(bank, plaza, account))
const validIfsc = fc.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/)
const validVpa = fc.stringMatching(/^[a-zA-Z0-9.\-_]{2,40}@[a-zA-Z][a-zA-Z0-9]{1,20}$/)
const validCard = digits(15).map(withLuhn)
/** Telkomsel numbers as typed: 0812 and eight digits. */
const idMobile = digits(8).map((d) => `0812${d}`)
const idBank = fc.constantFrom(...ID_BANK_CODES).chain((code) => {
  const fixed = ID_PAYOUT_BANKS[code].accountNoLength
  return digits(fixed ?? 6, fixed ?? 20).map((accountNo) => ({ kind: 'bank' as const, bankCode: code, accountNo }))
})

/** Spaces and dashes between digits, as people type them. */
function spaced(value: string, at: number[]): string {
  let out = value
  for (const i of [...at].sort((a, b) => b - a)) if (i > 0 && i < out.length) out = `${out.slice(0, i)}${i % 2 ? ' ' : '-'}${out.slice(i)}`
  return out
}
const cuts = fc.array(fc.integer({ min: 1, max: 17 }), { maxLength: 4 })

const validInput: fc.Arbitrary<[Market, PayoutAccountInput]> = fc.oneof(
  idBank.map((input) => ['ID', input] as [Market, PayoutAccountInput]),
  fc.tuple(fc.constantFrom(...ID_EWALLET_PROVIDERS), idMobile).map(([provider, phone]) => ['ID', { kind: 'ewallet', provider, phone }] as [Market, PayoutAccountInput]),
  fc.tuple(validIfsc, digits(9, 18)).map(([ifsc, accountNo]) => ['IN', { kind: 'bank', ifsc, accountNo }] as [Market, PayoutAccountInput]),
  validVpa.map((vpa) => ['IN', { kind: 'upi', vpa }] as [Market, PayoutAccountInput]),
  validClabe.map((clabe) => ['MX', { kind: 'clabe', clabe }] as [Market, PayoutAccountInput]),
  validCard.map((cardNo) => ['MX', { kind: 'debitCard', cardNo }] as [Market, PayoutAccountInput]),
)

/** The account's number as a string of digits (not for a UPI id, which has none). */
function numberOf(account: PayoutAccount): string | null {
  switch (account.kind) {
    case 'bank':
      return account.accountNo
    case 'ewallet':
      return account.phone.replace(/\D/g, '')
    case 'clabe':
      return account.clabe
    case 'debitCard':
      return account.cardNo
    case 'upi':
      return null
  }
}

describe('payout accounts (properties)', () => {
  it('any generated valid CLABE, IFSC, VPA, card, bank account or wallet passes, typed with spaces and dashes too', () => {
    fc.assert(
      fc.property(validInput, cuts, ([market, input], at) => {
        const plain = checkPayoutAccount(market, input)
        expect(plain.ok).toBe(true)
        if (input.kind === 'clabe') expect(accountOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: spaced(input.clabe, at) }))).toEqual(accountOf(plain))
        if (input.kind === 'debitCard') expect(accountOf(checkPayoutAccount('MX', { kind: 'debitCard', cardNo: spaced(input.cardNo, at) }))).toEqual(accountOf(plain))
        if (input.kind === 'bank' && 'ifsc' in input) {
          const typed = { kind: 'bank' as const, ifsc: ` ${input.ifsc.toLowerCase()} `, accountNo: spaced(input.accountNo, at) }
          expect(accountOf(checkPayoutAccount('IN', typed))).toEqual(accountOf(plain))
        }
        if (input.kind === 'upi') expect(accountOf(checkPayoutAccount('IN', { kind: 'upi', vpa: input.vpa.toUpperCase() }))).toEqual(accountOf(plain))
      }),
      RUNS,
    )
  })

  it('normalizing is idempotent: a checked account checks to itself, with the same display', () => {
    fc.assert(
      fc.property(validInput, ([market, input]) => {
        const first = checkPayoutAccount(market, input)
        const again = checkPayoutAccount(market, accountOf(first) as PayoutAccountInput)
        expect(again).toEqual(first)
      }),
      RUNS,
    )
  })

  it('changing the check digit of a valid CLABE, or any one digit, refuses it for its check digit', () => {
    fc.assert(
      fc.property(validClabe, fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 9 }), (clabe, position, shift) => {
        const last = String((Number(clabe[17]) + shift) % 10)
        expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: clabe.slice(0, 17) + last }))).toEqual([{ field: 'clabe', reason: 'clabeCheckDigit' }])
        const changed = clabe.slice(0, position) + String((Number(clabe[position]) + shift) % 10) + clabe.slice(position + 1)
        expect(refusalsOf(checkPayoutAccount('MX', { kind: 'clabe', clabe: changed }))).toContainEqual({ field: 'clabe', reason: 'clabeCheckDigit' })
      }),
      { numRuns: 1000 },
    )
  })

  it('a mask never shows more than the last 4 digits of the number', () => {
    fc.assert(
      fc.property(validInput, ([market, input]) => {
        const result = checkPayoutAccount(market, input)
        const account = accountOf(result)
        const masked = maskPayoutAccount(market, account)
        expect(masked).toBe(result.ok ? result.display.masked : '')
        const number = numberOf(account)
        if (number === null) {
          // a UPI id: at most three characters of the handle, never all of it, and the provider
          const vpa = (account as { vpa: string }).vpa
          const [handle, provider] = [vpa.slice(0, vpa.lastIndexOf('@')), vpa.slice(vpa.lastIndexOf('@') + 1)]
          const shown = masked.slice(0, masked.indexOf('•'))
          expect(shown.length).toBeLessThanOrEqual(Math.min(3, handle.length - 1))
          expect(handle.startsWith(shown)).toBe(true)
          expect(masked.endsWith(`•••@${provider}`)).toBe(true)
          return
        }
        // what follows the institution (an IFSC is a branch code, not the number)
        const institution = result.ok ? result.display.institution : ''
        expect(masked.startsWith(`${institution} `)).toBe(true)
        const rest = masked.slice(institution.length)
        expect(rest.replace(/\D/g, '')).toBe(number.slice(-4))
        expect(rest).toBe(` •••• ${number.slice(-4)}`)
      }),
      RUNS,
    )
  })

  it('refuses a card with any one digit changed (Luhn)', () => {
    fc.assert(
      fc.property(validCard, fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (cardNo, position, shift) => {
        const changed = cardNo.slice(0, position) + String((Number(cardNo[position]) + shift) % 10) + cardNo.slice(position + 1)
        expect(refusalsOf(checkPayoutAccount('MX', { kind: 'debitCard', cardNo: changed }))).toEqual([{ field: 'cardNo', reason: 'cardLuhn' }])
      }),
      RUNS,
    )
  })
})
