import { MARKET_INFO, type Locale, type Market } from '@kilat/domain'
import { STEP_GROUPS, STEP_LISTS, type StepGroupTexts } from './steps.js'

/**
 * The ways a borrower can repay, per market (docs/product/screens.md#individual), and the steps of
 * each (docs/product/screens.md#that). Pure data: the gateway that issues the numbers is an adapter's business.
 */

/** 1 bank (or transfer), 2 mini market / cash (a repayment starts with 1: docs/product/screens.md#individual). */
export type PayType = 1 | 2

export interface PayMethod {
  code: string
  name: string
  payType: PayType
  market: Market
  accountKind: 'va' | 'payment_code' | 'upi' | 'clabe' | 'cash_reference'
  /** The bank's company code that starts every virtual account it issues (gateway sandbox range). */
  vaPrefix?: string
  /** Digits of the whole account number, prefix included. */
  accountLength?: number
  /** For banks (payType 1): the channel names, in the market's language; the step groups' names. */
  methods?: string[]
}

/** A named group of steps: one channel of a bank or transfer method. */
export type PayStep = { name: string; steps: string[] }

/**
 * The IFSC of the virtual accounts India's borrowers pay into. Fictional, like the README's company
 * names: the real one comes with the collecting bank's account.
 */
const INDIA_VA_IFSC = 'KLTB0VA0001'

function groupsOf(market: Market, code: string): readonly StepGroupTexts[] {
  const groups = STEP_GROUPS[market][code]
  if (!groups) throw new Error(`no step groups for ${market} ${code}`)
  return groups
}

/** Frozen: the catalogue is shared by every request, a caller must not change it for the others. */
function entry(method: PayMethod): PayMethod {
  if (method.payType !== 1) return Object.freeze(method)
  const channels = groupsOf(method.market, method.code).map((g) => g.name[MARKET_INFO[method.market].defaultLocale])
  Object.freeze(channels)
  return Object.freeze({ ...method, methods: channels })
}

// Prefixes and lengths as a Xendit-like gateway issues them in its sandbox: the prefix is the
// bank's company code, the rest the borrower's number within the range.
const va = (code: string, name: string, vaPrefix: string): PayMethod => ({ code, name, payType: 1, market: 'ID', accountKind: 'va', vaPrefix, accountLength: 16 })

/** In display order: the first of a market and pay type is its default. */
const CATALOGUE: readonly PayMethod[] = Object.freeze(
  ([
    va('BCA', 'BCA', '39358'),
    va('BNI', 'BNI', '8808'),
    va('BRI', 'BRI', '26215'),
    va('MANDIRI', 'Mandiri', '88908'),
    va('PERMATA', 'Permata', '8215'),
    va('CIMB', 'CIMB Niaga', '5919'),
    // docs/product/screens.md#individual: ALFAMART is the mini market chosen by default, so it comes first.
    { code: 'ALFAMART', name: 'Alfamart', payType: 2, market: 'ID', accountKind: 'payment_code' },
    { code: 'INDOMARET', name: 'Indomaret', payType: 2, market: 'ID', accountKind: 'payment_code' },
    { code: 'UPI', name: 'UPI', payType: 1, market: 'IN', accountKind: 'upi' },
    { code: 'BANK_TRANSFER', name: 'Bank transfer (IMPS)', payType: 1, market: 'IN', accountKind: 'va' },
    { code: 'SPEI', name: 'SPEI', payType: 1, market: 'MX', accountKind: 'clabe', accountLength: 18 },
    { code: 'OXXO', name: 'OXXO', payType: 2, market: 'MX', accountKind: 'cash_reference' },
  ] satisfies PayMethod[]).map(entry),
)

/** The market's methods of one pay type, in display order (Alfamart first for Indonesia's mini markets). */
export function methodsOf(market: Market, payType: PayType): PayMethod[] {
  return CATALOGUE.filter((m) => m.market === market && m.payType === payType)
}

/** A method by its code (`payCode` on the wire), only among the market's own. */
export function findMethod(market: Market, code: string): PayMethod | undefined {
  return CATALOGUE.find((m) => m.market === market && m.code === code)
}

/** A method's display name by its code; a code no longer in the catalogue (an older account's) shows as it is. */
export function methodName(market: Market, code: string): string {
  return findMethod(market, code)?.name ?? code
}

/**
 * The method chosen when the borrower has not chosen one: the first in display order (Alfamart
 * for Indonesia's mini markets). India has no cash method: none, which the caller refuses.
 */
export function defaultMethod(market: Market, payType: PayType): PayMethod | undefined {
  return methodsOf(market, payType)[0]
}

/** `{name}` placeholders; a text naming one we have no value for is a bug in steps.ts, not a blank. */
function fillIn(text: string, values: Readonly<Record<string, string | undefined>>): string {
  // A replacer function, not a string: an amount such as "$1,500.00" must not read as "$1" pattern.
  return text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`no value for {${key}} in ${JSON.stringify(text)}`)
    return value
  })
}

/**
 * The steps to pay with `method` in `locale`, `{account}` and `{amount}` filled: named groups for
 * a bank or transfer method (payType 1), a flat list for a mini market or cash (payType 2), as
 * the virtual-account response carries them (`payStep`, docs/product/money-rules.md#repayment).
 */
export function payStepsOf(method: PayMethod, locale: Locale, fill: { account: string; amount: string }): PayStep[] | string[] {
  const values = { account: fill.account, amount: fill.amount, prefix: method.vaPrefix, ifsc: method.market === 'IN' ? INDIA_VA_IFSC : undefined }
  if (method.payType === 1) {
    return groupsOf(method.market, method.code).map((g) => ({ name: g.name[locale], steps: g.steps.map((s) => fillIn(s[locale], values)) }))
  }
  const list = STEP_LISTS[method.market][method.code]
  if (!list) throw new Error(`no steps for ${method.market} ${method.code}`)
  return list.map((s) => fillIn(s[locale], values))
}
