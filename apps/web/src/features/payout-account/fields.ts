import type { HTMLAttributes } from 'react'
import type { PayoutAccountData, PayoutKind } from './api/get-payout-account'
import type { PayoutAccountInput } from './api/send-payout-account'

/** A field of the account form, named as the call takes it (and as a refusal names it). */
export type AccountField = Exclude<keyof PayoutAccountInput, 'kind'>

/**
 * The fields of each kind of account (docs/product/identity-and-payout-account.md#payout-account).
 * A bank account is chosen from the market's list where it has one (Indonesia); India names the
 * branch by its IFSC instead.
 */
export function fieldsOf(kind: PayoutKind, data: Pick<PayoutAccountData, 'banks'>): readonly AccountField[] {
  switch (kind) {
    case 'bank':
      return data.banks.length > 0 ? ['bankCode', 'accountNo'] : ['ifsc', 'accountNo']
    case 'ewallet':
      return ['provider', 'phone']
    case 'upi':
      return ['vpa']
    case 'clabe':
      return ['clabe']
    case 'debitCard':
      return ['cardNo']
  }
}

/** Fields chosen from the server's list (its banks, its e-wallets) rather than typed. */
export type ChosenField = 'bankCode' | 'provider'
export type TypedField = Exclude<AccountField, ChosenField>

export function isChosen(field: AccountField): field is ChosenField {
  return field === 'bankCode' || field === 'provider'
}

interface TypedFieldSpec {
  inputMode: NonNullable<HTMLAttributes<HTMLInputElement>['inputMode']>
  type?: 'tel'
  autoComplete?: string
  autoCapitalize?: 'characters' | 'none'
  /** Characters a borrower may type: digits and the spaces and dashes between groups, for numbers. */
  keep?: RegExp
  maxLength: number
}

const DIGITS = /[^\d\s-]/g

/**
 * How each typed field is entered. Numbers get the phone's number pad and keep their separators
 * (the server takes them out); the server checks each value's form and says why it refuses one.
 */
export const TYPED_FIELDS: Readonly<Record<TypedField, TypedFieldSpec>> = {
  accountNo: { inputMode: 'numeric', keep: DIGITS, maxLength: 30, autoComplete: 'off' },
  phone: { inputMode: 'numeric', type: 'tel', keep: /[^\d\s+-]/g, maxLength: 20, autoComplete: 'tel' },
  ifsc: { inputMode: 'text', autoCapitalize: 'characters', maxLength: 11, autoComplete: 'off' },
  vpa: { inputMode: 'email', autoCapitalize: 'none', maxLength: 300, autoComplete: 'off' },
  clabe: { inputMode: 'numeric', keep: DIGITS, maxLength: 24, autoComplete: 'off' },
  cardNo: { inputMode: 'numeric', keep: DIGITS, maxLength: 20, autoComplete: 'cc-number' },
}
