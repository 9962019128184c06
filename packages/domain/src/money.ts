/**
 * Money is an integer number of minor units (cents, paise, centavos) everywhere: database, API
 * and domain code. Only the screen divides by 100. The brand stops a count or a rate from being
 * passed where an amount is expected.
 */
export type Cents = number & { readonly __brand: 'Cents' }

export class MoneyError extends Error {
  override name = 'MoneyError'
}

/** Accepts a safe integer only: a float or NaN here is a bug upstream, never something to round. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`not an integer amount of cents: ${value}`)
  return value as Cents
}

export const ZERO = 0 as Cents

export function addCents(...amounts: Cents[]): Cents {
  let total = 0
  for (const a of amounts) total += a
  return cents(total)
}

export function subCents(a: Cents, b: Cents): Cents {
  return cents(a - b)
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return addCents(...amounts)
}

/** Smallest of two amounts. */
export function minCents(a: Cents, b: Cents): Cents {
  return (a < b ? a : b) as Cents
}

/** Largest of two amounts. */
export function maxCents(a: Cents, b: Cents): Cents {
  return (a > b ? a : b) as Cents
}

/**
 * amount × basisPoints / 10 000 (1 bp = 0.01 %), rounded half up, in integers only. BigInt keeps
 * large principals times large rates exact.
 */
export function applyBasisPoints(amount: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(basisPoints)) throw new MoneyError(`basis points must be an integer: ${basisPoints}`)
  const product = BigInt(amount) * BigInt(basisPoints)
  const sign = product < 0n ? -1n : 1n
  const abs = product * sign
  const rounded = (abs + 5000n) / 10000n
  return cents(Number(rounded * sign))
}

/**
 * amount × basisPoints / 10 000 rounded down: a limit computed from a rate (a cap, a ceiling) never
 * lets one cent more through than the rate allows.
 */
export function floorBasisPoints(amount: Cents, basisPoints: number): Cents {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new MoneyError(`basis points must be a non-negative integer: ${basisPoints}`)
  if (amount < 0) throw new MoneyError('cannot take a share of a negative amount')
  return cents(Number((BigInt(amount) * BigInt(basisPoints)) / 10000n))
}

/**
 * Splits an amount into `parts` integer amounts that differ by at most one cent and sum exactly
 * to the amount; the earlier parts carry the extra cents.
 */
export function splitEvenly(amount: Cents, parts: number): Cents[] {
  if (!Number.isSafeInteger(parts) || parts < 1) throw new MoneyError(`parts must be a positive integer: ${parts}`)
  if (amount < 0) throw new MoneyError('cannot split a negative amount')
  const base = Math.floor(amount / parts)
  const extra = amount - base * parts
  return Array.from({ length: parts }, (_, i) => cents(base + (i < extra ? 1 : 0)))
}
