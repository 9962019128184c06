import {
  extensionAmount,
  isOrderStatus,
  isRepaying,
  owedOf,
  repaySelection,
  totalOwed,
  type Cents,
  type Market,
} from '@kilat/domain'
import { gatewayOffers, type AccountKind, type PaymentGateway } from '../../adapters/payments/payment-gateway.js'
import { providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Db } from '../../db/client.js'
import { withAppErrors } from '../../http/provider-errors.js'
import type { PaymentAccount, PaymentAccountStatus, PaymentPurpose } from './repayment.schema.js'
import { AppError } from '../../http/errors.js'
import { borrowerOrderPartReader } from '../orders/orders.service.js'
import { orderExtendable } from './extension.js'
import { defaultMethod, findMethod, type PayType } from './methods/methods.js'
import { COOLING_OFF_COLUMNS, coolingOffOf } from './cooling-off.js'
import * as repo from './repayment.repo.js'

export interface RepaymentDeps {
  db: Db
  /** The gateway of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  gateway: PaymentGateway | ByMarket<PaymentGateway>
}

export interface IssueRepaymentInput {
  borrowerId: number
  orderNo: string
  /**
   * A repayment method's code of the order's market (methods.ts), e.g. 'BCA', 'ALFAMART'; or the
   * market's default method of a pay type (`is_default` 1, docs/product/money-rules.md#repayment), first in its list.
   */
  methodCode: string | { defaultOf: PayType }
  purpose: PaymentPurpose
  /** Repay only the oldest `periodCount` unpaid periods (and every late charge); all that is owed when absent. */
  periodCount?: number | undefined
  /**
   * The total the borrower's page shows, when it sends one: checked against the server's own
   * figure before anything is issued (a different one answers amountNotOwed), never used as the amount.
   */
  expectedAmount?: number | undefined
}

/** An account the borrower pays into, as the repayment screens will show it. */
export interface RepaymentAccount {
  accountId: number
  orderNo: string
  purpose: PaymentPurpose
  periodCount: number | null
  methodCode: string
  accountKind: string
  accountNo: string
  /** Cents of `market`'s currency: what the server computed, never what a request said. */
  amount: Cents
  market: Market
  expiresAt: Date
  status: PaymentAccountStatus
}

const HOUR_MS = 3_600_000
/** A virtual account (and any transfer) takes money for a day; a payment code at a counter for two. */
const VA_HOURS = 24
const COUNTER_HOURS = 48

type RefusalKey = 'nothingOwed' | 'payMethodUnknown' | 'selectionInvalid' | 'extensionUnavailable' | 'repaidAtPartner'

/**
 * Why an account cannot be issued: the catalogue's repayment errors where one fits (worded in the
 * borrower's language), else `invalidRequest` with a message that says why; `data.reason` names
 * the case either way.
 */
function refuse(reason: string, key: RefusalKey, fields?: string[]): AppError {
  return new AppError(key, { data: { reason, ...(fields ? { fields } : {}) } })
}

/** What issuing an account reads of the order and its product. */
const accountOrder = borrowerOrderPartReader('account_order', ['id', 'orderNo', 'status', 'termUnit', 'isDelay', ...COOLING_OFF_COLUMNS], ['isPartner', 'extensionFee', 'market'], (order) => ({
  pendingAccounts: repo.pendingAccountsSql(order),
}))

/**
 * docs/product/money-rules.md#repayment: an account (virtual account, payment code, …) for the
 * borrower to pay what the server says is owed. Asked again for the same order, purpose, method
 * and amount while the first is pending and unexpired, it answers that same account.
 */
export async function issueRepaymentAccount(deps: RepaymentDeps, input: IssueRepaymentInput, now = new Date()): Promise<RepaymentAccount> {
  const { db } = deps
  // another borrower's order, or none: notFound, as on every loan screen
  const { order, product, periods, also } = await accountOrder(db, input.borrowerId, input.orderNo)
  // docs/product/money-rules.md#partner-orders: the partner collects its own loans
  if (product.isPartner) throw refuse('partnerOrder', 'repaidAtPartner')
  const status = order.status
  if (!isOrderStatus(status) || !isRepaying(status)) throw refuse('notRepaying', 'nothingOwed')
  const method = typeof input.methodCode === 'string' ? findMethod(product.market, input.methodCode) : defaultMethod(product.market, input.methodCode.defaultOf)
  // the methods a market offers follow its gateway (docs/operations/going-live.md#what-each-market-offers)
  if (!method || !gatewayOffers(providerOf(deps.gateway, product.market), method.code)) throw refuse('methodUnavailable', 'payMethodUnknown', ['methodCode'])

  const owed = owedOf(order, periods)
  let amount: Cents
  let periodCount: number | null = null
  if (input.purpose === 'repay') {
    // all the unpaid periods is "everything owed": the same account either way
    const selection = repaySelection(owed, input.periodCount)
    if (!selection) throw refuse('periodCount', 'selectionInvalid', ['periodCount'])
    periodCount = selection.periodCount
    amount = selection.amount
    // docs/product/money-rules.md#cooling-off: within the period, what ends the loan is the exit's
    // amount, so an account for everything owed asks that (a part selection stays a part payment)
    const exit = input.periodCount === undefined ? coolingOffOf(order, periods, product.market, now) : null
    if (exit) amount = exit.amount
    if (amount === 0) throw refuse('nothingOwed', 'nothingOwed')
  } else {
    if (totalOwed(owed) === 0) throw refuse('nothingOwed', 'nothingOwed')
    if (!orderExtendable(order, product, status)) throw refuse('extensionUnavailable', 'extensionUnavailable')
    // docs/product/loans.md#extension: the product's fee plus everything owed but principal (late
    // charges and interest are paid first, in the same payment), what delay-detail shows
    amount = extensionAmount(owed, product.extensionFee)
  }

  if (input.expectedAmount !== undefined && input.expectedAmount !== amount) throw new AppError('amountNotOwed', { data: { reason: 'amountNotOwed' } })

  const key: repo.AccountKey = { orderKey: order.id, purpose: input.purpose, method: method.code, amount }
  // the same open account again (what /that asks on every visit), read with the order
  const existing = repo.pendingAccountOf(also.pendingAccounts, key, now)
  if (existing) return view(existing, order.orderNo)

  const row = await openAccount(deps, {
    key,
    borrowerId: input.borrowerId,
    periodCount,
    accountKind: method.accountKind,
    market: product.market,
    expiresAt: new Date(now.getTime() + (method.payType === 2 ? COUNTER_HOURS : VA_HOURS) * HOUR_MS),
    numbering: { prefix: method.vaPrefix, length: method.accountLength },
    now,
  })
  return view(row, order.orderNo)
}

export interface OpenAccountInput {
  /** The order, purpose, method and amount: an open account of the same key is the same account. */
  key: repo.AccountKey
  borrowerId: number
  periodCount: number | null
  accountKind: AccountKind
  market: Market
  expiresAt: Date
  /** A virtual account's bank prefix and length, for the gateway's numbering. */
  numbering?: { prefix?: string | undefined; length?: number | undefined }
  now: Date
}

/**
 * Asks the gateway for an account and stores it, lapsing older open ones of the same key; of two
 * requests at once, the one that stored first wins and the other answers its account (the one the
 * loser had issued is never shown and lapses at the gateway). Every kind of account is opened here:
 * virtual accounts and codes (above), card repay's hosted page (cards/).
 */
export async function openAccount(deps: RepaymentDeps, input: OpenAccountInput): Promise<PaymentAccount> {
  const { key, now } = input
  const { db } = deps
  const gateway = providerOf(deps.gateway, input.market)
  const id = await repo.reserveAccountId(db)
  // Outside any transaction: a real gateway answers over the network, and on PGlite an open
  // transaction would hold up every other request meanwhile.
  const issued = await withAppErrors(() =>
    gateway.issueAccount({
      method: key.method,
      accountKind: input.accountKind,
      amount: key.amount,
      market: input.market,
      expiresAt: input.expiresAt,
      reference: String(id),
      ...(input.numbering ? { numbering: input.numbering } : {}),
    }),
  )
  const row = await db.transaction(async (tx) => {
    await repo.expireStale(tx, key, now)
    const inserted = await repo.insertAccount(tx, {
      id,
      borrowerId: input.borrowerId,
      orderKey: key.orderKey,
      purpose: key.purpose,
      periodCount: input.periodCount,
      method: key.method,
      accountKind: input.accountKind,
      accountNo: issued.accountNo,
      amount: key.amount,
      market: input.market,
      gateway: gateway.name,
      gatewayRef: issued.gatewayRef,
      expiresAt: issued.expiresAt,
      createdAt: now,
    })
    return inserted ?? (await repo.findPendingAccount(tx, key, now))
  })
  if (!row) throw new Error(`no pending account for order ${key.orderKey} after issuing one`)
  return row
}

function view(row: PaymentAccount, orderNo: string): RepaymentAccount {
  return {
    accountId: row.id,
    orderNo,
    purpose: row.purpose,
    periodCount: row.periodCount,
    methodCode: row.method,
    accountKind: row.accountKind,
    accountNo: row.accountNo,
    amount: row.amount,
    market: row.market,
    expiresAt: row.expiresAt,
    status: row.status,
  }
}
