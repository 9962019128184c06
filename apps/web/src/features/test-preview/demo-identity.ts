import type { IdentityInput } from '@kilat/contract'
import { curpCheckDigit, makeClabe, type IdentityField as DomainIdentityField, type Market, type PayoutAccountInputs } from '@kilat/domain'

/**
 * What the app shell's identity (KYC) and bank steps would send for the signed-in borrower, made up
 * and valid for the market's checks (docs/product/identity-and-payout-account.md#identity-checks).
 */

/** A field of the identity form, named as a refusal names it: a path into the payload. */
export type IdentityField = Exclude<DomainIdentityField, 'rfc'>
export type IdentityValues = Partial<Record<IdentityField, string>>

/** The fields each market's identity has; Mexico's RFC is optional and left out. */
export const IDENTITY_FIELDS: Record<Market, readonly IdentityField[]> = {
  ID: ['fullName', 'birthDate', 'gender', 'placeOfBirth', 'nik', 'address.street', 'address.provinceCode', 'address.cityCode'],
  IN: ['fullName', 'birthDate', 'gender', 'pan', 'aadhaar.lastFour', 'aadhaar.ekycReference', 'address.street', 'address.pinCode'],
  MX: ['fullName', 'birthDate', 'gender', 'curp', 'address.street', 'address.postalCode'],
}

/** The genders a market's identity may state: Mexico's CURP also records X. */
export const GENDERS: Record<Market, readonly IdentityInput['gender'][]> = {
  ID: ['female', 'male'],
  IN: ['female', 'male'],
  MX: ['female', 'male', 'x'],
}

/**
 * Numbers drawn from a seed, the same ones for the same seed (FNV-1a, then a linear congruential
 * generator read by its high bits): the page renders the same identity on the server and after
 * hydration, and each borrower gets their own, since one identity belongs to one borrower only.
 */
function draw(seed: string): (below: number) => number {
  let state = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return Math.floor((state / 2 ** 32) * below)
  }
}

const pad = (value: number, width: number) => String(value).padStart(width, '0')
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** The consonants RENAPO writes in a CURP's inner-consonant positions. */
const CURP_CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ'

/** A made-up identity of the market that passes its checks; the seed picks its numbers. */
export function demoIdentity(market: Market, seed: string): IdentityValues {
  const next = draw(seed)
  // Born 1970–1999, on a day every month has: of age, a real date in each number's own form.
  const year = 1970 + next(30)
  const month = 1 + next(12)
  const day = 1 + next(28)
  const birthDate = `${year}-${pad(month, 2)}-${pad(day, 2)}`
  const letter = () => LETTERS.charAt(next(LETTERS.length))
  if (market === 'ID') {
    // Jawa Barat (32), Kota Bandung (73), a district, the birth date DDMMYY with 40 added to a
    // woman's day, and a serial from 0001.
    const nik = `3273${pad(1 + next(99), 2)}${pad(day + 40, 2)}${pad(month, 2)}${pad(year % 100, 2)}${pad(1 + next(9999), 4)}`
    return {
      fullName: 'Dewi Lestari',
      birthDate,
      gender: 'female',
      placeOfBirth: 'Bandung',
      nik,
      'address.street': 'Jl. Asia Afrika No. 8',
      'address.provinceCode': '32',
      'address.cityCode': '3273',
    }
  }
  if (market === 'IN') {
    // A person's PAN (fourth letter P), the fifth the surname's initial.
    const pan = `${letter()}${letter()}${letter()}PV${pad(next(10000), 4)}${letter()}`
    return {
      fullName: 'Rahul Verma',
      birthDate,
      gender: 'male',
      pan,
      'aadhaar.lastFour': pad(next(10000), 4),
      'aadhaar.ekycReference': `EKYC-DEMO-${pad(next(1_000_000), 6)}`,
      'address.street': '12 MG Road, Bengaluru',
      'address.pinCode': '560001',
    }
  }
  // Torres Ruiz Ana: T, O, R, A; born in Mexico City (DF), a woman (M); a homoclave digit for a
  // birth before 2000, then RENAPO's check digit.
  const consonants = Array.from({ length: 3 }, () => CURP_CONSONANTS.charAt(next(CURP_CONSONANTS.length))).join('')
  const first17 = `TORA${pad(year % 100, 2)}${pad(month, 2)}${pad(day, 2)}MDF${consonants}${next(10)}`
  return {
    fullName: 'Ana Torres Ruiz',
    birthDate,
    gender: 'female',
    curp: `${first17}${curpCheckDigit(first17)}`,
    'address.street': 'Av. Insurgentes Sur 1602, Ciudad de México',
    'address.postalCode': '03100',
  }
}

/** The identity call's body from the form, with the demo KYC vendor's verified result at `checkedAt`. */
export function identityBody(market: Market, values: IdentityValues, checkedAt: Date): IdentityInput {
  const value = (field: IdentityField) => values[field] ?? ''
  const street = value('address.street')
  const common = {
    fullName: value('fullName'),
    birthDate: value('birthDate'),
    gender: value('gender') as IdentityInput['gender'],
    kyc: { vendor: 'demo-kyc', reference: `DEMO-KYC-${checkedAt.getTime()}`, result: 'verified' as const, checkedAt: checkedAt.toISOString() },
  }
  if (market === 'ID') {
    return {
      ...common,
      placeOfBirth: value('placeOfBirth'),
      nik: value('nik'),
      address: { street, provinceCode: value('address.provinceCode'), cityCode: value('address.cityCode') },
    }
  }
  if (market === 'IN') {
    return {
      ...common,
      pan: value('pan'),
      aadhaar: { lastFour: value('aadhaar.lastFour'), ekycReference: value('aadhaar.ekycReference') },
      address: { street, pinCode: value('address.pinCode') },
    }
  }
  return { ...common, curp: value('curp'), address: { street, postalCode: value('address.postalCode') } }
}

/** An account of the market the payout sandbox finds in the borrower's own name. */
export const DEMO_ACCOUNTS: PayoutAccountInputs = {
  ID: { kind: 'bank', bankCode: 'ID_BCA', accountNo: '1234567890' },
  IN: { kind: 'bank', ifsc: 'HDFC0001234', accountNo: '123456789012' },
  // BBVA México (012), plaza 180, with the CLABE's check digit.
  MX: { kind: 'clabe', clabe: makeClabe('012', '180', '00012345678') },
}
