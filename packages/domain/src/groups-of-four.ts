/**
 * An account or payment number as a borrower reads it to type it at an ATM, in a bank's app or at
 * a mini market's till: in groups of four from the left, `8277 0812 3456 7890`, the way banks print
 * virtual accounts and cards. Only for reading: the number itself (what is copied, sent and stored)
 * has no gaps, and a screen draws the gaps between the groups rather than writing a character there
 * (docs/product/screens.md#that).
 */
export function groupsOfFour(value: string): string[] {
  return value.match(/.{1,4}/gsu) ?? []
}
