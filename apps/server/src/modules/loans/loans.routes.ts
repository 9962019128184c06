import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contractJump, contractList, contractView, googleScore, loanDetailConfirm, loanDetailPush, loanDetails } from '@kilat/contract'
import type { Borrower } from '../../db/schema.js'
import { registerCall } from '../../http/route.js'
import {
  contractJump as jumpToContract,
  contractList as listContracts,
  contractViewOf,
  loanConfirm,
  loanDetailsOf,
  pushLoan,
  rateOrder,
  type Caller,
  type LoanDeps,
} from './loans.service.js'

/** Loan confirmation and submission, contracts, loan details and the rating (spec.md 7.5). */
export async function loansRoutes(app: FastifyInstance): Promise<void> {
  const deps: LoanDeps = { db: app.db, config: app.config }
  const caller = (req: FastifyRequest, borrower: Borrower): Caller => ({ borrower, locale: req.locale, textMarket: req.market, now: new Date() })

  registerCall(app, loanDetailConfirm, ({ req, borrower, body }) => loanConfirm(deps, caller(req, borrower), body))

  registerCall(app, loanDetailPush, ({ req, borrower, body }) => pushLoan(deps, caller(req, borrower), body))

  registerCall(app, contractList, ({ req, body }) => listContracts(app.db, req.locale, body.productId))

  registerCall(app, contractJump, ({ borrower, body }) => jumpToContract(app.db, borrower, body))

  registerCall(app, contractView, ({ req, borrower, query }) => contractViewOf(deps, caller(req, borrower), query))

  registerCall(app, loanDetails, ({ req, borrower, query }) => loanDetailsOf(deps, caller(req, borrower), query))

  registerCall(app, googleScore, async ({ borrower, body }) => {
    await rateOrder(app.db, borrower, body)
    return null
  })
}
