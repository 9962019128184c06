/**
 * An account or payment number as a borrower reads it to type it at an ATM, in a bank's app or at
 * a mini market's till: in groups of four from the left, `8277 0812 3456 7890`, the way banks
 * print virtual accounts and cards. Only for reading: the number itself (what is copied, sent and
 * stored) keeps no gaps.
 *
 * The gap is a thin space (U+2009): a line may break after it and nowhere inside a group, so at
 * 320 px a 16-digit account wraps as `8277 0812 3456` / `7890` instead of leaving its last digit
 * alone on a line. A no-break space would glue the groups back into one word that breaks anywhere,
 * and the thin space keeps the groups close enough to read as one number.
 */
export const GROUP_GAP = '\u2009'

const FOURS = /.{1,4}/gsu

export function groupInFours(value: string): string {
  return (value.match(FOURS) ?? []).join(GROUP_GAP)
}

/** The number without its gaps: what a grouped number was made from. */
export function ungroup(text: string): string {
  return text.split(GROUP_GAP).join('')
}
