import { MARKETS, lastClosedPeriod } from '@kilat/domain'
import { buildRun, type BuildDeps } from './build.js'

/**
 * The reporting job (docs/product/credit-reporting.md#runs): after each period's cut-off, the
 * period's run of each market is built once. Several processes may run it: the build takes the
 * period's lock and does nothing when a run is already there.
 */
export async function runReportingJob(deps: BuildDeps): Promise<Record<string, number>> {
  let built = 0
  for (const market of MARKETS) {
    const run = await buildRun(deps, market, lastClosedPeriod(market, deps.now()), null)
    if (run) built += 1
  }
  return { built }
}
