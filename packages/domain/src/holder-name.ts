/**
 * Whether the account holder's name the payout provider returns is the borrower's own
 * (docs/product/identity-and-payout-account.md#payout-account): a loan is paid only into an account
 * in the name of the person whose identity was checked.
 *
 * Banks write names their own way: upper case, without accents, with a title in front, in another
 * order, cut to 20-30 characters, middle names as initials. Those differences are forgiven; a
 * different word is not.
 */

/**
 * Honorific and courtesy titles, as they read once upper case and without accents (so DOÑA is
 * DONA): Indonesian, Indian, Mexican and English. Taken out wherever they stand. SRI is not one
 * of them: it is a common Indonesian given name.
 */
export const NAME_TITLES: ReadonlySet<string> = new Set([
  // Indonesian
  'BAPAK', 'BPK', 'BP', 'IBU', 'SDR', 'SDRA', 'SDRI', 'SAUDARA', 'SAUDARI', 'TN', 'TUAN', 'NY', 'NYONYA', 'NN', 'NONA',
  'H', 'HJ', 'HAJI', 'HAJAH', 'HAJJAH', 'DRS', 'DRA', 'IR',
  // Indian
  'SHRI', 'SHREE', 'SMT', 'SHRIMATI', 'KUMARI', 'KUM',
  // Mexican
  'SR', 'SRA', 'SRTA', 'SENOR', 'SENORA', 'SENORITA', 'DON', 'DONA', 'LIC', 'ING',
  // English and shared
  'MR', 'MRS', 'MS', 'MISS', 'MX', 'DR', 'PROF',
])

/** Longer names are not compared (a name is a few words; this keeps the matching small). */
const MAX_NAME_LENGTH = 200
const MAX_TOKENS = 16
/** A holder name at least this long may have had its last word cut by the bank. */
const CUT_FROM = 20

/**
 * A name as words: accents off (only the Latin combining marks, so other scripts keep their
 * vowel signs), upper case, apostrophes out (O'BRIEN is OBRIEN), any other punctuation a space.
 * Titles stay: see nameTokens.
 */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’‘`´]/g, '')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w.length > 0)
}

/** The words of a name without its titles (unless it is nothing but titles). */
export function nameTokens(name: string): string[] {
  const all = words(name)
  const kept = all.filter((w) => !NAME_TITLES.has(w))
  return kept.length > 0 ? kept : all
}

export type HolderNameReason = 'exact' | 'reordered' | 'abbreviated' | 'mismatch'

export interface HolderNameMatch {
  match: boolean
  /**
   * exact: the same words in the same order (case, accents, punctuation, spaces and titles aside);
   * reordered: the same words in another order; abbreviated: the holder's words are some of the
   * identity's, some as initials or the last one cut short; mismatch: anything else.
   */
  reason: HolderNameReason
}

/** How a holder word may stand for an identity word: 2 the same word, 1 an initial or cut short, 0 not. */
function pairing(holder: string, identity: string, cutAllowed: boolean): 0 | 1 | 2 {
  if (holder === identity) return 2
  if (holder.length === 1 && identity.startsWith(holder)) return 1
  // An identity written with an initial (M. RIZKY) stands for the bank's whole word (MUHAMMAD).
  if (identity.length === 1 && holder.startsWith(identity)) return 1
  if (cutAllowed && holder.length >= 2 && identity.startsWith(holder)) return 1
  return 0
}

/**
 * The most holder words that stand for identity words as the same word, when every holder word
 * stands for a different identity word; -1 when that cannot be. A small dynamic programme over
 * which identity words are taken.
 */
function mostFullPairs(holder: string[], identity: string[], cutLast: boolean): number {
  let best = new Map<number, number>([[0, 0]])
  holder.forEach((h, i) => {
    const cutAllowed = cutLast && i === holder.length - 1
    const next = new Map<number, number>()
    for (const [taken, full] of best) {
      identity.forEach((id, j) => {
        if (taken & (1 << j)) return
        const p = pairing(h, id, cutAllowed)
        if (p === 0) return
        const key = taken | (1 << j)
        const score = full + (p === 2 ? 1 : 0)
        if ((next.get(key) ?? -1) < score) next.set(key, score)
      })
    }
    best = next
  })
  let most = -1
  for (const full of best.values()) most = Math.max(most, full)
  return most
}

const sorted = (tokens: string[]): string => [...tokens].sort().join(' ')

/**
 * Whether the holder's name the provider returns matches the identity's full name. Case, accents,
 * punctuation, extra spaces, titles and word order are ignored. A bank's shortened form matches
 * when every holder word is a different identity word, the initial of one, or (the last word of
 * a holder name of 20 characters or more) the start of one, and at least two words match whole
 * (or the one word of a one-word name).
 */
export function holderNameMatches(identityName: string, holderName: string): HolderNameMatch {
  const mismatch: HolderNameMatch = { match: false, reason: 'mismatch' }
  if (typeof identityName !== 'string' || typeof holderName !== 'string') return mismatch
  if (identityName.length > MAX_NAME_LENGTH || holderName.length > MAX_NAME_LENGTH) return mismatch
  const identity = nameTokens(identityName)
  const holder = nameTokens(holderName)
  if (identity.length === 0 || holder.length === 0 || identity.length > MAX_TOKENS || holder.length > MAX_TOKENS) return mismatch

  if (identity.join(' ') === holder.join(' ') || identity.join('') === holder.join('')) return { match: true, reason: 'exact' }
  if (sorted(identity) === sorted(holder)) return { match: true, reason: 'reordered' }

  const cutLast = words(holderName).join(' ').length >= CUT_FROM
  const full = mostFullPairs(holder, identity, cutLast)
  const needed = identity.length === 1 ? 1 : 2
  return full >= needed ? { match: true, reason: 'abbreviated' } : mismatch
}
