/**
 * A counter of product writes made by this process. The products module keeps the market's
 * catalogue and its priced cards for a few seconds (docs/decisions/0008-api-performance.md); every
 * write to the products table in this process (the catalogue's service, the demo seed, the test
 * factories) calls `catalogueChanged`, so that what was kept is dropped at once. Writes made by
 * another process reach this one when the kept catalogue expires.
 */
let version = 0

export function catalogueChanged(): void {
  version += 1
}

export function catalogueVersion(): number {
  return version
}
