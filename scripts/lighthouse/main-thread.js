// The Lighthouse gate's rules (docs/performance/borrower-main-thread.md#the-gate): a borrower
// route's main-thread work (trace-work.mjs) as a ratio to a reference page of our own, measured in
// the same check, each load of the route between two loads of the reference.
//
// Lighthouse's score depends on how fast the host is (its simulated throttling multiplies what the
// host's CPU took), and calibrating the multiplier by the host's benchmark index failed on a host
// whose index did not move with a page's work. A ratio of two pages' work, taken on one host at
// one moment, does not depend on the host: the same way the API's figures are shares of a floor.

export function median(values) {
  if (values.length === 0) throw new Error('median of nothing')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * A route's ratio from its runs and the reference's runs around them: `references` has one more run
 * than `routes`, run before, between and after them (ref, route, ref, route, ref). Each route run
 * is divided by the mean of the two reference runs beside it, so a host that speeds up or slows
 * down during the check moves both; the ratio is the median of those.
 */
export function ratioOf(routes, references) {
  if (routes.length === 0) throw new Error('no run of the route')
  if (references.length !== routes.length + 1) throw new Error(`${routes.length} route runs need ${routes.length + 1} reference runs around them, not ${references.length}`)
  if (references.some((ms) => !(ms > 0))) throw new Error('a reference run did no main-thread work')
  const ratios = routes.map((ms, i) => ms / ((references[i] + references[i + 1]) / 2))
  return { ratio: median(ratios), ratios }
}

/** The `count` largest items, largest first (for the line of a route over its budget). */
export function largest(items, count = 3) {
  return [...items].sort((a, b) => b.ms - a.ms).slice(0, count)
}

/** How far under its budget a route may be before the line asks for the budget to come down. */
export const LOWER_BUDGET_MARGIN = 0.2

/**
 * The budget to record for a measured ratio: 15 % above it. Two checks of one build differed by
 * up to 5 % (quiet, and with a core kept busy), and a single load's ratio swings by a tenth.
 */
export const budgetFor = (ratio) => Math.ceil(ratio * 1.15 * 100) / 100

/**
 * The verdict on one route: `over` fails the check. The line says what to do: for a route over its
 * budget, its ratio against the budget and the three largest main-thread costs of its median load;
 * for one far under it, the budget to record instead (a budget only goes down).
 */
export function judge({ name, ratio, ratios, budget, work, reference }) {
  const fixed = (n) => n.toFixed(2)
  const ms = (n) => `${Math.round(n)} ms`
  const head = `${name}: main-thread work ${fixed(ratio)}× the reference (runs ${ratios.map(fixed).join(', ')}; ${ms(work.ms)} against ${ms(reference.ms)})`
  if (budget === undefined) {
    return { over: true, line: `${head}: NO BUDGET. Add "${name}": ${fixed(budgetFor(ratio))} to scripts/lighthouse/budgets.json` }
  }
  if (ratio > budget) {
    const costs = largest(work.kinds).map((k) => `${k.label} ${ms(k.ms)}`).join(', ')
    return {
      over: true,
      line:
        `${head}: OVER its budget ${fixed(budget)}. Largest main-thread costs of its median load: ${costs}. ` +
        'Find what the route added to the first load (docs/performance/borrower-main-thread.md#when-the-gate-is-red).',
    }
  }
  if (ratio < budget * (1 - LOWER_BUDGET_MARGIN)) {
    return { over: false, line: `${head}: within its budget ${fixed(budget)}, by so much that the budget can come down to ${fixed(budgetFor(ratio))} in scripts/lighthouse/budgets.json` }
  }
  return { over: false, line: `${head}: within its budget ${fixed(budget)}` }
}
