/**
 * Text the database can hold (docs/product/envelopes-and-errors.md#validation-errors): no U+0000,
 * which PostgreSQL's text refuses (SQLSTATE 22021) whether stored or only compared, and no half of
 * a surrogate pair, whose escape a JSON column (the audit trail's before and after) refuses. A
 * field that reaches the database refuses both with the other validation failures.
 */
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/
