import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contractJump, contractList, contractView, googleScore, loanDetailConfirm, loanDetailPush, loanDetails, publicLoanTerms } from '@kilat/contract'
import type { Borrower } from '../auth/auth.service.js'
import { registerCall } from '../../http/route.js'
import * as loans from './loans.service.js'

/** Loan confirmation and submission, contracts, loan details and the rating (docs/product/loans.md). */
export async function loansRoutes(app: FastifyInstance): Promise<void> {
  const deps: loans.LoanDeps = { db: app.db, config: app.config }
  const caller = (req: FastifyRequest, borrower: Borrower): loans.Caller => ({ borrower, locale: req.locale, textMarket: req.market, now: new Date() })

  registerCall(app, loanDetailConfirm, ({ req, borrower, body }) => loans.loanConfirm(deps, caller(req, borrower), body))

  registerCall(app, loanDetailPush, ({ req, borrower, body }) => loans.pushLoan(deps, caller(req, borrower), body))

  registerCall(app, contractList, ({ req, borrower, body }) => loans.contractList(app.db, borrower, req.locale, body.productId))

  registerCall(app, contractJump, ({ borrower, body }) => loans.contractJump(app.db, borrower, body))

  registerCall(app, contractView, ({ req, borrower, query }) => loans.contractViewOf(deps, caller(req, borrower), query))

  registerCall(app, publicLoanTerms, ({ req, reply }) => {
    // The same for every visitor of a market and language: shared caches may keep it a while.
    reply.header('cache-control', 'public, max-age=300')
    return loans.publicLoanTermsOf(deps, req.market, req.locale, new Date())
  })

  registerCall(app, loanDetails, ({ req, borrower, query }) => loans.loanDetailsOf(deps, caller(req, borrower), query))

  registerCall(app, googleScore, async ({ borrower, body }) => {
    await loans.rateOrder(app.db, borrower, body)
    return null
  })
}
