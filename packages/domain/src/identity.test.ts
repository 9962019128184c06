import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  aadhaarLastFour,
  ageOn,
  checkAadhaar,
  checkAadhaarLastFour,
  checkBirthDate,
  checkCurp,
  checkEkycReference,
  checkIdentityID,
  checkIdentityIN,
  checkIdentityMX,
  checkNik,
  checkPan,
  checkRfc,
  curpCheckDigit,
  CURP_ALPHABET,
  ID_PROVINCES,
  IDENTITY_REASONS,
  identityKey,
  isOfLegalAge,
  isWholeAadhaar,
  LEGAL_AGE,
  maskAadhaar,
  maskCurp,
  maskNik,
  maskPan,
  MX_STATES,
  normalizeIdNumber,
  type Gender,
  type GenderMX,
  type IdentityID,
  type IdentityIN,
  type IdentityMX,
} from './identity.js'
import { MARKETS } from './markets.js'

// docs/product/identity-and-payout-account.md#identity-checks

/** A NIK from its parts, the way Dukcapil composes it: 40 added to a woman's day of birth. */
function makeNik(province: string, regency: string, district: string, birthDate: string, gender: Gender, serial: string): string {
  const [yyyy, mm, dd] = birthDate.split('-')
  const day = Number(dd) + (gender === 'female' ? 40 : 0)
  return `${province}${regency}${district}${String(day).padStart(2, '0')}${mm}${yyyy!.slice(2)}${serial}`
}

const CURP_SEX: Record<GenderMX, string> = { male: 'H', female: 'M', x: 'X' }

/** A CURP from its parts with RENAPO's check digit; the homoclave a digit before 2000 and a letter from 2000. */
function makeCurp(initials: string, birthDate: string, gender: GenderMX, state: string, consonants: string, homoclave?: string): string {
  const [yyyy, mm, dd] = birthDate.split('-')
  const differentiator = homoclave ?? (Number(yyyy) < 2000 ? '0' : 'A')
  const first17 = `${initials}${yyyy!.slice(2)}${mm}${dd}${CURP_SEX[gender]}${state}${consonants}${differentiator}`
  return first17 + String(curpCheckDigit(first17))
}

const NOW = new Date('2025-06-15T05:00:00Z')

describe('NIK (Indonesia)', () => {
  // Jawa Barat (32), Kabupaten Bogor (01), district 05; a woman born 17 August 1990: 17 + 40 = 57.
  const woman = makeNik('32', '01', '05', '1990-08-17', 'female', '0004')

  it('reads the birth date and gender from the six digits in the middle', () => {
    expect(woman).toBe('3201055708900004')
    expect(checkNik(woman, { birthDate: '1990-08-17', gender: 'female' })).toEqual([])
    const man = makeNik('32', '01', '05', '1990-08-17', 'male', '0004')
    expect(man).toBe('3201051708900004')
    expect(checkNik(man, { birthDate: '1990-08-17', gender: 'male' })).toEqual([])
  })

  it('says which of birth date and gender do not agree', () => {
    expect(checkNik(woman, { birthDate: '1990-08-18', gender: 'female' })).toEqual(['birthDateMismatch'])
    expect(checkNik(woman, { birthDate: '1990-07-17', gender: 'female' })).toEqual(['birthDateMismatch'])
    // the century is not in a NIK, the two-digit year is
    expect(checkNik(woman, { birthDate: '1991-08-17', gender: 'female' })).toEqual(['birthDateMismatch'])
    expect(checkNik(woman, { birthDate: '1990-08-17', gender: 'male' })).toEqual(['genderMismatch'])
    expect(checkNik(woman, { birthDate: '1991-08-17', gender: 'male' })).toEqual(['birthDateMismatch', 'genderMismatch'])
    // nothing to compare with: only the number itself is checked
    expect(checkNik(woman)).toEqual([])
    expect(checkNik(woman, { birthDate: 'not a date' })).toEqual([])
  })

  it('takes province codes of the list only, the four Papua provinces of 2022 included', () => {
    for (const code of ['11', '19', '21', '31', '36', '51', '53', '61', '65', '71', '76', '81', '82', '91', '96']) {
      expect(checkNik(makeNik(code, '71', '01', '1990-08-17', 'male', '0001'))).toEqual([])
    }
    expect(ID_PROVINCES['93']).toBe('Papua Selatan')
    expect(Object.keys(ID_PROVINCES)).toHaveLength(38)
    // 54 was Timor Timur, before NIKs; 20, 37, 97 and 00 were never used
    for (const code of ['00', '10', '20', '37', '54', '66', '83', '97']) {
      expect(checkNik(makeNik(code, '71', '01', '1990-08-17', 'male', '0001'))).toEqual(['unknownProvince'])
    }
  })

  it('refuses a date no calendar has and a serial of 0000', () => {
    expect(checkNik('3201053102900001')).toEqual(['invalidDate']) // 31 February
    expect(checkNik('3201057102900001')).toEqual(['invalidDate']) // 31 February, a woman
    expect(checkNik('3201053208900001')).toEqual(['invalidDate']) // day 32: neither a man's nor a woman's
    expect(checkNik('3201054008900001')).toEqual(['invalidDate']) // day 40
    expect(checkNik('3201057208900001')).toEqual(['invalidDate']) // day 72
    expect(checkNik('3201050008900001')).toEqual(['invalidDate']) // day 0
    expect(checkNik('3201051513900001')).toEqual(['invalidDate']) // month 13
    expect(checkNik('3201051500900001')).toEqual(['invalidDate']) // month 0
    expect(checkNik('3201052902010001')).toEqual(['invalidDate']) // 29 February 2001
    expect(checkNik('3201056902000001', { birthDate: '2000-02-29', gender: 'female' })).toEqual([])
    expect(checkNik('3201051708900000')).toEqual(['invalidSerial'])
    expect(checkNik('2001051708900000')).toEqual(['unknownProvince', 'invalidSerial'])
  })

  it('takes the number however it is spaced, and exactly 16 digits', () => {
    expect(checkNik(' 3201 0557 0890 0004 ', { birthDate: '1990-08-17', gender: 'female' })).toEqual([])
    expect(checkNik('3201-0557-0890-0004')).toEqual([])
    expect(checkNik('')).toEqual(['required'])
    expect(checkNik('   ')).toEqual(['required'])
    for (const bad of ['320105570890000', '32010557089000041', '32010557O8900004', '3201.0557.0890.0004']) expect(checkNik(bad)).toEqual(['format'])
  })
})

describe('PAN and Aadhaar (India)', () => {
  it('takes a person’s PAN and refuses other holders', () => {
    expect(checkPan('ABCPE1234F')).toEqual([])
    expect(checkPan(' abcpe 1234 f ')).toEqual([])
    for (const holder of ['C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G']) expect(checkPan(`ABC${holder}E1234F`)).toEqual(['notIndividual'])
    expect(checkPan('')).toEqual(['required'])
    for (const bad of ['ABCPE1234', 'ABCP1234FF', 'ABCPE12345', '1BCPE1234F', 'ABCPE1234Ñ']) expect(checkPan(bad)).toEqual(['format'])
  })

  it('keeps only the last four digits of Aadhaar, and refuses the whole number', () => {
    expect(checkAadhaarLastFour('1234')).toEqual([])
    expect(aadhaarLastFour('1234')).toBe('1234')
    expect(aadhaarLastFour('XXXX XXXX 1234')).toBe('1234')
    expect(aadhaarLastFour('xxxxxxxx0987')).toBe('0987')
    expect(checkAadhaarLastFour('2345 6789 0123')).toEqual(['fullNumberGiven'])
    expect(checkAadhaarLastFour('234567890123')).toEqual(['fullNumberGiven'])
    expect(checkAadhaarLastFour('2345-6789-0123-4567')).toEqual(['fullNumberGiven']) // a virtual ID
    expect(aadhaarLastFour('234567890123')).toBeNull()
    expect(isWholeAadhaar('2345 6789 0123')).toBe(true)
    expect(isWholeAadhaar('1234')).toBe(false)
    expect(checkAadhaarLastFour('')).toEqual(['required'])
    for (const bad of ['123', '12345', 'XXXX1234', '12a4', '67890123']) expect(checkAadhaarLastFour(bad)).toEqual(['format'])
  })

  it('needs the eKYC reference, and refuses an Aadhaar number given as the reference', () => {
    expect(checkEkycReference('UKC:2025061512345678')).toEqual([])
    expect(checkEkycReference('')).toEqual(['required'])
    expect(checkEkycReference('2345 6789 0123')).toEqual(['fullNumberGiven'])
    expect(checkEkycReference('ab')).toEqual(['format'])
    expect(checkEkycReference('ref with spaces')).toEqual(['format'])
    expect(checkAadhaar({ lastFour: 'XXXX XXXX 0123', ekycReference: ' 2025061512345678abc ' })).toEqual({
      ok: true,
      identity: { lastFour: '0123', ekycReference: '2025061512345678abc' },
    })
    expect(checkAadhaar({ lastFour: '234567890123', ekycReference: '' })).toEqual({
      ok: false,
      refusals: [
        { field: 'aadhaar.lastFour', reason: 'fullNumberGiven' },
        { field: 'aadhaar.ekycReference', reason: 'required' },
      ],
    })
  })
})

describe('CURP and RFC (Mexico)', () => {
  it('computes the check digit of a CURP, worked by hand', () => {
    // G O M C 9 5 0 3 1 7 M D F M R T 0 are worth 16 25 22 12 9 5 0 3 1 7 22 13 15 22 28 30 0
    // (Ñ sits between N and O, so O is 25), times 18 down to 2:
    // 288 + 425 + 352 + 180 + 126 + 65 + 0 + 33 + 10 + 63 + 176 + 91 + 90 + 110 + 112 + 90 + 0 = 2211 → (10 − 1) mod 10 = 9
    expect(curpCheckDigit('GOMC950317MDFMRT0')).toBe(9)
    expect(makeCurp('GOMC', '1995-03-17', 'female', 'DF', 'MRT')).toBe('GOMC950317MDFMRT09')
    expect(checkCurp('GOMC950317MDFMRT09', { birthDate: '1995-03-17', gender: 'female' })).toEqual([])
    expect(CURP_ALPHABET).toHaveLength(37)
    expect(() => curpCheckDigit('GOMC950317MDFMRT')).toThrow(RangeError)
    expect(() => curpCheckDigit('GOMC950317MDFMRT*')).toThrow(RangeError)
  })

  it('reads the century from the homoclave: a digit before 2000, a letter from 2000', () => {
    const born2005 = makeCurp('LOPJ', '2005-01-10', 'male', 'NE', 'PRN')
    expect(born2005[16]).toBe('A')
    expect(checkCurp(born2005, { birthDate: '2005-01-10', gender: 'male' })).toEqual([])
    expect(checkCurp(born2005, { birthDate: '1905-01-10', gender: 'male' })).toEqual(['birthDateMismatch'])
    const digitFor2005 = makeCurp('LOPJ', '2005-01-10', 'male', 'NE', 'PRN', '3')
    expect(checkCurp(digitFor2005, { birthDate: '2005-01-10', gender: 'male' })).toEqual(['birthDateMismatch'])
    // 29 February 2000 exists, 29 February 1900 does not
    expect(checkCurp(makeCurp('LOPJ', '2000-02-29', 'male', 'JC', 'PRN'))).toEqual([])
    expect(checkCurp(makeCurp('LOPJ', '1900-02-29', 'male', 'JC', 'PRN'))).toEqual(['invalidDate'])
  })

  it('says which of birth date and gender do not agree, and takes X as RENAPO does', () => {
    const curp = makeCurp('GOMC', '1995-03-17', 'female', 'DF', 'MRT')
    expect(checkCurp(curp, { birthDate: '1995-03-18', gender: 'female' })).toEqual(['birthDateMismatch'])
    expect(checkCurp(curp, { birthDate: '1995-03-17', gender: 'male' })).toEqual(['genderMismatch'])
    expect(checkCurp(curp, { birthDate: '1995-03-17', gender: 'x' })).toEqual(['genderMismatch'])
    const nonBinary = makeCurp('GOMC', '1995-03-17', 'x', 'DF', 'MRT')
    expect(checkCurp(nonBinary, { birthDate: '1995-03-17', gender: 'x' })).toEqual([])
  })

  it('refuses a wrong check digit, an unknown state and anything off the structure', () => {
    expect(checkCurp('GOMC950317MDFMRT08')).toEqual(['checkDigit'])
    expect(checkCurp(makeCurp('GOMC', '1995-03-17', 'female', 'XX', 'MRT'))).toEqual(['unknownState'])
    expect(checkCurp(makeCurp('GOMC', '1995-02-30', 'female', 'DF', 'MRT'))).toEqual(['invalidDate'])
    expect(MX_STATES.NE).toBe('Nacido en el extranjero')
    expect(Object.keys(MX_STATES)).toHaveLength(33)
    expect(checkCurp(' gomc-950317-mdfmrt-09 ')).toEqual([])
    expect(checkCurp('')).toEqual(['required'])
    for (const bad of [
      'GOMC950317MDFMRT0', // 17 characters
      'GBMC950317MDFMRT09', // second letter not a vowel or X
      'GOMC950317ZDFMRT09', // sex not H, M or X
      'GOMC950317MDFMAT09', // an inner vowel where a consonant goes
      'GOMC950317MDFMRT0A', // a letter as check digit
      'GOM1950317MDFMRT09',
    ]) {
      expect(checkCurp(bad)).toEqual(['format'])
    }
  })

  it('takes a person’s RFC whose date agrees, and nothing when none is given', () => {
    expect(checkRfc('GOMC950317AB1', { birthDate: '1995-03-17' })).toEqual([])
    expect(checkRfc('ÑOMC950317AB1')).toEqual([])
    expect(checkRfc('ñomc950317ab1')).toEqual([])
    expect(checkRfc('GOMC950318AB1', { birthDate: '1995-03-17' })).toEqual(['birthDateMismatch'])
    expect(checkRfc('GOMC950230AB1')).toEqual(['invalidDate'])
    expect(checkRfc('GOM950317AB1')).toEqual(['notIndividual'])
    expect(checkRfc('XAXX010101000', { birthDate: '2001-01-01' })).toEqual(['format'])
    expect(checkRfc('GOMC950317AB')).toEqual(['format'])
    expect(checkRfc('')).toEqual([])
    expect(checkRfc(null)).toEqual([])
    expect(checkRfc(undefined)).toEqual([])
  })
})

describe('age', () => {
  it('is 18 in every market', () => {
    for (const market of MARKETS) expect(LEGAL_AGE[market]).toBe(18)
  })

  it('counts whole years, a 29 February birthday falling on 1 March', () => {
    expect(ageOn('2007-03-15', '2025-03-14')).toBe(17)
    expect(ageOn('2007-03-15', '2025-03-15')).toBe(18)
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17)
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18)
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20)
    expect(() => ageOn('15/03/2007', '2025-03-15')).toThrow(RangeError)
  })

  it('takes the date of the market: the 18th birthday starts earlier in Jakarta than in Mexico City', () => {
    const now = new Date('2025-03-14T17:30:00Z') // 15 March 00:30 in Jakarta, 14 March 23:00 in Kolkata, 11:30 in Mexico City
    expect(isOfLegalAge('2007-03-15', now, 'ID')).toBe(true)
    expect(isOfLegalAge('2007-03-15', now, 'IN')).toBe(false)
    expect(isOfLegalAge('2007-03-15', now, 'MX')).toBe(false)
    expect(checkBirthDate('2007-03-15', now, 'ID')).toEqual([])
    expect(checkBirthDate('2007-03-15', now, 'MX')).toEqual(['underAge'])
  })

  it('refuses a birth date that is not a real past date', () => {
    expect(checkBirthDate('', NOW, 'ID')).toEqual(['required'])
    expect(checkBirthDate('17-08-1990', NOW, 'ID')).toEqual(['format'])
    expect(checkBirthDate('1990-8-17', NOW, 'ID')).toEqual(['format'])
    expect(checkBirthDate('2001-02-29', NOW, 'ID')).toEqual(['invalidDate'])
    expect(checkBirthDate('1990-13-01', NOW, 'ID')).toEqual(['invalidDate'])
    expect(checkBirthDate('1899-12-31', NOW, 'ID')).toEqual(['invalidDate'])
    expect(checkBirthDate('2025-06-16', NOW, 'ID')).toEqual(['futureDate'])
    expect(checkBirthDate('2025-06-15', NOW, 'ID')).toEqual(['underAge'])
  })
})

describe('the whole identity, by market', () => {
  const indonesian: IdentityID = {
    fullName: '  Siti   Nurhaliza ',
    nik: '3201 0557 0890 0004',
    birthDate: '1990-08-17',
    gender: 'female',
    placeOfBirth: 'Bogor',
    address: { street: 'Jl. Pajajaran No. 12', provinceCode: '32', cityCode: '32.01' },
  }

  it('Indonesia: returns the identity in the form it is stored in', () => {
    expect(checkIdentityID(indonesian, NOW)).toEqual({
      ok: true,
      identity: {
        fullName: 'Siti Nurhaliza',
        nik: '3201055708900004',
        birthDate: '1990-08-17',
        gender: 'female',
        placeOfBirth: 'Bogor',
        address: { street: 'Jl. Pajajaran No. 12', provinceCode: '32', cityCode: '3201' },
      },
    })
  })

  it('Indonesia: lists every refusal with its field', () => {
    const result = checkIdentityID(
      { ...indonesian, fullName: 'Siti 2', birthDate: '1990-08-18', gender: 'male', placeOfBirth: '', address: { street: 'Jl. Pajajaran', provinceCode: '37', cityCode: '3100' } },
      NOW,
    )
    expect(result).toEqual({
      ok: false,
      refusals: [
        { field: 'fullName', reason: 'format' },
        { field: 'nik', reason: 'birthDateMismatch' },
        { field: 'nik', reason: 'genderMismatch' },
        { field: 'placeOfBirth', reason: 'required' },
        { field: 'address.provinceCode', reason: 'unknownProvince' },
        { field: 'address.cityCode', reason: 'format' },
      ],
    })
    expect(checkIdentityID({ ...indonesian, address: { ...indonesian.address, cityCode: '3173' } }, NOW)).toEqual({
      ok: false,
      refusals: [{ field: 'address.cityCode', reason: 'cityNotInProvince' }],
    })
  })

  it('Indonesia: refuses a minor, an unknown gender and a payload with fields missing', () => {
    const minor = { ...indonesian, nik: makeNik('32', '01', '05', '2008-01-02', 'female', '0001'), birthDate: '2008-01-02' }
    expect(checkIdentityID(minor, NOW)).toEqual({ ok: false, refusals: [{ field: 'birthDate', reason: 'underAge' }] })
    expect(checkIdentityID({ ...indonesian, gender: 'x' as Gender }, NOW)).toEqual({ ok: false, refusals: [{ field: 'gender', reason: 'format' }] })
    const empty = checkIdentityID({} as IdentityID, NOW)
    expect(empty.ok).toBe(false)
    if (!empty.ok) {
      expect(empty.refusals.map((r) => r.field)).toEqual(['fullName', 'nik', 'birthDate', 'gender', 'placeOfBirth', 'address.street', 'address.provinceCode', 'address.cityCode'])
      expect(new Set(empty.refusals.map((r) => r.reason))).toEqual(new Set(['required']))
    }
  })

  const indian: IdentityIN = {
    fullName: 'Priya R. Sharma',
    pan: 'abcpe1234f',
    aadhaar: { lastFour: '0123', ekycReference: 'EKYC-20250615-000123' },
    birthDate: '1998-11-02',
    gender: 'female',
    address: { street: '12, MG Road, Indiranagar', pinCode: '560 038' },
  }

  it('India: returns the identity in the form it is stored in', () => {
    expect(checkIdentityIN(indian, NOW)).toEqual({ ok: true, identity: { ...indian, pan: 'ABCPE1234F', address: { ...indian.address, pinCode: '560038' } } })
  })

  it('India: refuses a company’s PAN, a whole Aadhaar number and a PIN code starting with 0', () => {
    expect(checkIdentityIN({ ...indian, pan: 'ABCCE1234F', aadhaar: { ...indian.aadhaar, lastFour: '2345 6789 0123' }, address: { ...indian.address, pinCode: '060038' } }, NOW)).toEqual({
      ok: false,
      refusals: [
        { field: 'pan', reason: 'notIndividual' },
        { field: 'aadhaar.lastFour', reason: 'fullNumberGiven' },
        { field: 'address.pinCode', reason: 'format' },
      ],
    })
    const noAadhaar = checkIdentityIN({ ...indian, aadhaar: undefined as unknown as IdentityIN['aadhaar'] }, NOW)
    expect(noAadhaar).toEqual({
      ok: false,
      refusals: [
        { field: 'aadhaar.lastFour', reason: 'required' },
        { field: 'aadhaar.ekycReference', reason: 'required' },
      ],
    })
  })

  const mexican: IdentityMX = {
    fullName: 'Carmen Gómez Mora',
    curp: 'GOMC950317MDFMRT09',
    rfc: 'gomc950317ab1',
    birthDate: '1995-03-17',
    gender: 'female',
    address: { street: 'Av. Insurgentes Sur 1234, Col. del Valle', postalCode: '03100' },
  }

  it('Mexico: returns the identity in the form it is stored in, with or without RFC', () => {
    expect(checkIdentityMX(mexican, NOW)).toEqual({ ok: true, identity: { ...mexican, rfc: 'GOMC950317AB1' } })
    expect(checkIdentityMX({ ...mexican, rfc: undefined }, NOW)).toEqual({ ok: true, identity: { ...mexican, rfc: null } })
    expect(checkIdentityMX({ ...mexican, rfc: '  ' }, NOW)).toEqual({ ok: true, identity: { ...mexican, rfc: null } })
    const nonBinary = { ...mexican, gender: 'x' as const, curp: makeCurp('GOMC', '1995-03-17', 'x', 'DF', 'MRT') }
    expect(checkIdentityMX(nonBinary, NOW).ok).toBe(true)
  })

  it('Mexico: refuses a CURP and RFC that do not agree, and a postal code of 4 digits', () => {
    expect(checkIdentityMX({ ...mexican, birthDate: '1995-03-16', gender: 'male', address: { ...mexican.address, postalCode: '3100' } }, NOW)).toEqual({
      ok: false,
      refusals: [
        { field: 'curp', reason: 'birthDateMismatch' },
        { field: 'curp', reason: 'genderMismatch' },
        { field: 'rfc', reason: 'birthDateMismatch' },
        { field: 'address.postalCode', reason: 'format' },
      ],
    })
  })

  it('uses only reason keys of the published list', () => {
    const results = [
      checkIdentityID({} as IdentityID, NOW),
      checkIdentityIN({} as IdentityIN, NOW),
      checkIdentityMX({ curp: 'GOMC950317MDFMRT08', rfc: 'GOM950317AB1' } as IdentityMX, NOW),
    ]
    for (const result of results) {
      expect(result.ok).toBe(false)
      if (!result.ok) for (const { reason } of result.refusals) expect(IDENTITY_REASONS).toContain(reason)
    }
  })
})

describe('staff screens and the identity key', () => {
  it('masks each number to the characters staff may see', () => {
    expect(maskNik('3201055708900004')).toBe('3201 **** **** 0004')
    expect(maskNik('3201 0557 0890 0004')).toBe('3201 **** **** 0004')
    expect(maskPan('ABCPE1234F')).toBe('ABCPE****F')
    expect(maskCurp('GOMC950317MDFMRT09')).toBe('GOMC************09')
    expect(maskAadhaar('1234')).toBe('XXXX XXXX 1234')
    expect(maskAadhaar('XXXX XXXX 1234')).toBe('XXXX XXXX 1234')
    expect(() => maskAadhaar('2345 6789 0123')).toThrow(RangeError)
    expect(() => maskNik('320105570890000')).toThrow(RangeError)
    expect(() => maskPan('ABCPE1234')).toThrow(RangeError)
    expect(() => maskCurp('GOMC950317MDFMRT0')).toThrow(RangeError)
  })

  it('normalizes before checking: trimmed, capitals, no spaces or dashes', () => {
    expect(normalizeIdNumber('  abcpe 1234-f\t')).toBe('ABCPE1234F')
    expect(normalizeIdNumber('3201\u00a00557–0890—0004')).toBe('3201055708900004')
    expect(normalizeIdNumber('n\u0303omc950317ab1')).toBe('ÑOMC950317AB1')
  })

  it('keys one identity the same way however it was typed', () => {
    expect(identityKey('ID', 'nik', ' 3201-0557-0890-0004 ')).toBe('ID:nik:3201055708900004')
    expect(identityKey('IN', 'pan', 'abcpe1234f')).toBe('IN:pan:ABCPE1234F')
    expect(identityKey('MX', 'curp', 'gomc950317mdfmrt09')).toBe('MX:curp:GOMC950317MDFMRT09')
    expect(identityKey('MX', 'rfc', 'GOMC950317AB1')).toBe('MX:rfc:GOMC950317AB1')
    // @ts-expect-error India has no NIK
    expect(() => identityKey('IN', 'nik', '3201055708900004')).toThrow(RangeError)
    expect(() => identityKey('ID', 'nik', '3201')).toThrow(RangeError)
  })
})

// ——— properties ———

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`))
const isoDate = (from: string, to: string) => fc.date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
const gender = fc.constantFrom<Gender>('female', 'male')
const nikArb = fc.record({
  province: fc.constantFrom(...Object.keys(ID_PROVINCES)),
  regency: digits(2),
  district: digits(2),
  birthDate: isoDate('1930-01-01', '2007-06-01'),
  gender,
  serial: digits(4).filter((s) => s !== '0000'),
})
const curpArb = fc.record({
  initials: fc.stringMatching(/^[A-Z][AEIOUX][A-Z]{2}$/),
  birthDate: isoDate('1930-01-01', '2025-06-01'),
  gender: fc.constantFrom<GenderMX>('female', 'male', 'x'),
  state: fc.constantFrom(...Object.keys(MX_STATES)),
  consonants: fc.stringMatching(/^[B-DF-HJ-NP-TV-Z]{3}$/),
  differentiator: fc.integer({ min: 0, max: 25 }),
})
const makeCurpFrom = (c: { initials: string; birthDate: string; gender: GenderMX; state: string; consonants: string; differentiator: number }) =>
  makeCurp(c.initials, c.birthDate, c.gender, c.state, c.consonants, c.birthDate < '2000' ? String(c.differentiator % 10) : String.fromCharCode(65 + c.differentiator))
const panArb = fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/)

describe('identity numbers, whatever the parts (property)', () => {
  it('a NIK made for a birth date and gender is accepted, and changing any digit of its date part is refused', () => {
    fc.assert(
      fc.property(nikArb, fc.integer({ min: 6, max: 11 }), fc.integer({ min: 1, max: 9 }), (p, position, shift) => {
        const nik = makeNik(p.province, p.regency, p.district, p.birthDate, p.gender, p.serial)
        const person = { birthDate: p.birthDate, gender: p.gender }
        expect(checkNik(nik, person)).toEqual([])
        const changed = nik.slice(0, position) + String((Number(nik[position]) + shift) % 10) + nik.slice(position + 1)
        const reasons = checkNik(changed, person)
        expect(reasons.length).toBeGreaterThan(0)
        expect(reasons.every((r) => r === 'invalidDate' || r === 'birthDateMismatch' || r === 'genderMismatch')).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('a CURP with its computed check digit passes and any other check digit fails', () => {
    fc.assert(
      fc.property(curpArb, fc.integer({ min: 1, max: 9 }), (c, shift) => {
        const curp = makeCurpFrom(c)
        expect(checkCurp(curp, { birthDate: c.birthDate, gender: c.gender })).toEqual([])
        const other = curp.slice(0, 17) + String((Number(curp[17]) + shift) % 10)
        expect(checkCurp(other, { birthDate: c.birthDate, gender: c.gender })).toEqual(['checkDigit'])
      }),
      { numRuns: 1000 },
    )
  })

  it('a PAN is taken exactly when its fourth letter is P', () => {
    fc.assert(
      fc.property(panArb, (pan) => {
        expect(checkPan(pan)).toEqual(pan[3] === 'P' ? [] : ['notIndividual'])
      }),
    )
  })

  it('masks show no more than the stated characters', () => {
    const visibleOf = (masked: string, original: string) => {
      const plain = masked.replace(/ /g, '')
      expect(plain).toHaveLength(original.length)
      return [...plain].filter((ch, i) => ch !== '*' && ch === original[i]).length
    }
    fc.assert(
      fc.property(nikArb, curpArb, panArb, digits(4), (n, c, pan, four) => {
        const nik = makeNik(n.province, n.regency, n.district, n.birthDate, n.gender, n.serial)
        const masked = maskNik(nik)
        expect(masked).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/)
        expect(visibleOf(masked, nik)).toBe(8)
        const curp = makeCurpFrom(c)
        expect(maskCurp(curp)).toMatch(/^[A-Z]{4}\*{12}[0-9A-Z]\d$/)
        expect(visibleOf(maskCurp(curp), curp)).toBe(6)
        expect(maskPan(pan)).toMatch(/^[A-Z]{5}\*{4}[A-Z]$/)
        expect(visibleOf(maskPan(pan), pan)).toBe(6)
        expect(maskAadhaar(four)).toBe(`XXXX XXXX ${four}`)
      }),
    )
  })

  it('a whole Aadhaar number is never masked nor kept, however it is spaced', () => {
    fc.assert(
      fc.property(digits(12), fc.constantFrom('', ' ', '-'), (number, sep) => {
        const typed = [number.slice(0, 4), number.slice(4, 8), number.slice(8)].join(sep)
        expect(() => maskAadhaar(typed)).toThrow(RangeError)
        expect(checkAadhaarLastFour(typed)).toEqual(['fullNumberGiven'])
        expect(aadhaarLastFour(typed)).toBeNull()
      }),
    )
  })

  it('normalizing twice is normalizing once, and leaves no spaces or dashes', () => {
    const typed = fc.oneof(fc.string({ unit: 'binary' }), fc.array(fc.constantFrom(' ', '\t', '-', '–', 'a', 'ñ', 'N', '\u0303', '0', 'Z', 'ß'), { maxLength: 30 }).map((cs) => cs.join('')))
    fc.assert(
      fc.property(typed, (input) => {
        const once = normalizeIdNumber(input)
        expect(normalizeIdNumber(once)).toBe(once)
        expect(once).not.toMatch(/[\s\-–]/u)
      }),
      { numRuns: 500 },
    )
  })

  it('the identity key is the same for any spacing and case of a number', () => {
    fc.assert(
      fc.property(panArb, fc.array(fc.constantFrom(' ', '-'), { maxLength: 10 }), fc.boolean(), (pan, seps, lower) => {
        let typed = ''
        for (let i = 0; i < pan.length; i++) typed += pan[i] + (seps[i] ?? '')
        expect(identityKey('IN', 'pan', lower ? typed.toLowerCase() : typed)).toBe(`IN:pan:${pan}`)
      }),
    )
  })
})
