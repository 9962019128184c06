import type { FastifyInstance } from 'fastify'
import { identityGet, identitySet, opsBorrowerKyc, opsKycFlagResolve, opsKycFlags, opsKycReveal, payoutAccountGet, payoutAccountSet } from '@kilat/contract'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import type { ByMarket } from '../../adapters/providers/by-market.js'
import type { Executor } from '../../db/client.js'
import { registerCall } from '../../http/route.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { identityOf, setIdentity } from './identity.js'
import { borrowerKyc, flagsOf, resolveFlag, reveal } from './kyc.desk.js'
import { payoutAccountOf, runNameChecks, setPayoutAccount, type AccountDeps } from './payout-account.js'

export interface KycOptions {
  now: () => Date
  /** The payout provider of each market: it checks the holder's name where it can. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** Whether a loan of the borrower is on its way (the money desk's; app.ts hands it in). */
  payoutInFlight: (db: Executor, borrowerId: number) => Promise<boolean>
}

/**
 * Know the borrower (docs/product/identity-and-payout-account.md): the app shell's identity and
 * bank steps, the borrower's /payout-account, the staff's masked view, reveal and risk queue, and
 * the job that asks again the name checks a provider did not answer.
 */
export async function kycRoutes(app: FastifyInstance, { now, payouts, payoutInFlight }: KycOptions): Promise<void> {
  const deps: AccountDeps = { db: app.db, secrets: app.secrets, payouts, payoutInFlight }
  registerCall(app, identitySet, ({ borrower, body, req }) => setIdentity(deps, borrower, body, now(), req.locale))
  registerCall(app, identityGet, async ({ borrower }) => ({ identity: await identityOf(deps, borrower.id) }))
  registerCall(app, payoutAccountGet, ({ borrower }) => payoutAccountOf(deps, borrower))
  registerCall(app, payoutAccountSet, ({ borrower, body, req }) => setPayoutAccount(deps, borrower, body, now(), req.locale))

  registerCall(app, opsBorrowerKyc, ({ staff, query }) => borrowerKyc(deps, staff, query.orderNo))
  registerCall(app, opsKycReveal, ({ staff, body, req }) => reveal(deps, staff, req.ip, body))
  registerCall(app, opsKycFlags, ({ staff, query }) => flagsOf(deps, staff, query.status))
  registerCall(app, opsKycFlagResolve, ({ staff, body, req }) => resolveFlag(deps, staff, req.ip, body, now()))

  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    let job: RepeatingPass | undefined
    app.addHook('onListen', async () => {
      job = repeatPass('name-checks', () => runNameChecks(deps, now()), interval, app.log)
    })
    app.addHook('preClose', async () => {
      await job?.stop()
    })
  }
}
