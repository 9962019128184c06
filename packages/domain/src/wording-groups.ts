/**
 * Typed questions grouped by similar wording (docs/product/knowledge-base.md#unanswered-questions):
 * what borrowers asked the chatbot without an answer, so that an agent sees which answer is missing
 * most. Pure: the server reads the texts and their counts, this groups them.
 */

/** Lower case, accents and punctuation dropped, one space between words: "¿Préstamo?" and "prestamo" read the same. */
export function normalizeWording(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The trigrams of each word padded as PostgreSQL's pg_trgm pads them (two spaces before, one after). */
export function trigramsOf(normalized: string): Set<string> {
  const grams = new Set<string>()
  for (const word of normalized.split(' ')) {
    if (word === '') continue
    const padded = `  ${word} `
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3))
  }
  return grams
}

/** Shared trigrams over all trigrams of either, 0 to 1 (pg_trgm's `similarity`). */
export function wordingSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1
  let shared = 0
  for (const g of a) if (b.has(g)) shared++
  return shared / (a.size + b.size - shared)
}

/** At or above this similarity to a group's most typed wording, a wording joins the group. */
export const WORDING_GROUP_SIMILARITY = 0.5

export interface TypedWording {
  text: string
  count: number
  /** ISO instant of the latest time it was typed. */
  lastAt: string
}

export interface WordingGroup {
  /** The most typed wording, normalized: names the group. */
  key: string
  /** That wording as a borrower typed it. */
  text: string
  count: number
  lastAt: string
  /** The group's other wordings as typed, most typed first. */
  others: string[]
}

const byCountThenText = (a: { count: number; key: string }, b: { count: number; key: string }) =>
  b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/**
 * Groups wordings: the same text once normalized is one wording (counts added), then, most typed
 * first, each wording joins the first group whose most typed wording is similar enough, or starts
 * its own. The order of the input does not change the groups. Groups come most typed first.
 */
export function groupWordings(items: readonly TypedWording[], threshold = WORDING_GROUP_SIMILARITY): WordingGroup[] {
  const merged = new Map<string, { key: string; text: string; textCount: number; count: number; lastAt: string }>()
  for (const item of items) {
    const key = normalizeWording(item.text)
    if (key === '' || item.count <= 0) continue
    const seen = merged.get(key)
    if (!seen) {
      merged.set(key, { key, text: item.text.trim(), textCount: item.count, count: item.count, lastAt: item.lastAt })
      continue
    }
    seen.count += item.count
    if (item.lastAt > seen.lastAt) seen.lastAt = item.lastAt
    // the spelling typed most often (then the first in code-point order) stands for the wording
    const text = item.text.trim()
    if (item.count > seen.textCount || (item.count === seen.textCount && text < seen.text)) {
      seen.text = text
      seen.textCount = item.count
    }
  }
  const wordings = [...merged.values()].sort(byCountThenText)
  const groups: Array<WordingGroup & { grams: Set<string> }> = []
  for (const w of wordings) {
    const grams = trigramsOf(w.key)
    const home = groups.find((g) => wordingSimilarity(g.grams, grams) >= threshold)
    if (home) {
      home.count += w.count
      if (w.lastAt > home.lastAt) home.lastAt = w.lastAt
      home.others.push(w.text)
    } else {
      groups.push({ key: w.key, text: w.text, count: w.count, lastAt: w.lastAt, others: [], grams })
    }
  }
  return groups.sort(byCountThenText).map(({ grams: _grams, ...g }) => g)
}
