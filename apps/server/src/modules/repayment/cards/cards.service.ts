import { randomBytes } from 'node:crypto'
import { withAppErrors } from '../../../http/provider-errors.js'
import type { BankCard as CardView, ParsedBodyOf } from '@kilat/contract'
import { bindCard, repaymentCommit, repaymentConfirm, repaymentHuichao } from '@kilat/contract'
import { formatMoney, isOrderStatus, isRepaying, luhnValid, maskCardNo, owedOf, totalOwed, type Cents, type Market } from '@kilat/domain'
import { gatewayOffers, type PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import { providerOf, type ByMarket } from '../../../adapters/providers/by-market.js'
import type { Keyring } from '../../../adapters/secrets/secret-box.js'
import { SANDBOX_GATEWAY } from '../../../adapters/payments/sandbox-gateway.js'
import { coolingOffOf } from '../cooling-off.js'
import { sandboxPay } from '../sandbox-pay.js'
import type { SmsSender } from '../../../adapters/sms/sms-sender.js'
import type { Db } from '../../../db/client.js'
import type { Borrower } from '../../auth/auth.service.js'
import type { Order } from '../../orders/orders.service.js'
import type { Product } from '../../products/products.service.js'
import type { BankCard } from '../repayment.schema.js'
import { AppError } from '../../../http/errors.js'
import { hashToken } from '../../../http/sessions.js'
import { count, textsFor } from '../../../i18n/index.js'
import { checkCode, sendCode, useCode } from '../../auth/auth.service.js'
import { borrowerOrderWithSchedule } from '../../orders/orders.service.js'
import { openAccount } from '../accounts.js'
import * as accounts from '../repayment.repo.js'
import { cardBanksOf, findCardBank } from './banks.js'
import { openCardToken } from './card-secrets.js'
import * as repo from './cards.repo.js'

/**
 * Card repayment (docs/product/screens.md#repay-card, docs/decisions/0012-payment-gateway.md#cards): the borrower's
 * cards and a single-use repayToken, a pending repay record with an SMS code, the confirm that
 * charges the card once, and the gateway's hosted page. Every amount is the server's own figure of
 * what the order owes; the money arrives only through the gateway's callback (payments.ts).
 */

export interface CardDeps {
  db: Db
  /** The gateway of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  gateway: PaymentGateway | ByMarket<PaymentGateway>
  sms: SmsSender
  /** Asks the sandbox's deliverer for a pass now, so a demo payment shows at once (no-op otherwise). */
  kick?: () => void
  /** Seals and opens the card tokens (docs/decisions/0021-secrets-at-rest.md). */
  secrets: Keyring
}

const MINUTE_MS = 60_000
/** A repayToken is good for one commit within this time. */
export const REPAY_TOKEN_MINUTES = 15
/** The card charge's code: as the login's (docs/product/shell-and-sessions.md#sms-codes), with its own purpose. */
export const REPAY_CODE = { purpose: 'repay', length: 6, ttlSeconds: 5 * 60, resendSeconds: 60, maxTries: 5 } as const
/** How long we wait for a card charge's callback before the account stops taking it. */
const CHARGE_MINUTES = 60
/** A hosted page takes money for a day, as a virtual account (accounts.ts). */
const HOSTED_MINUTES = 24 * 60
/** Enough for anyone; a bound beyond which binding is a bot's. */
export const MAX_CARDS = 10
/** The method codes of card charges and hosted pages in `payment_accounts.method`. */
export const CARD_METHOD = 'CARD'
export const HOSTED_METHOD = 'HOSTED'

interface OwedNow {
  order: Order
  product: Product
  /** Everything the order owes now, cents. */
  amount: Cents
}

/**
 * What the borrower's order owes now, read from its rows (domain owedOf), refused as accounts.ts refuses:
 * another's order notFound, a partner's repaidAtPartner, one not being repaid or owing nothing nothingOwed.
 */
async function owedNow(db: Db, borrowerId: number, orderNo: string): Promise<OwedNow> {
  const { order, product, periods } = await borrowerOrderWithSchedule(db, borrowerId, orderNo)
  // docs/product/money-rules.md#partner-orders: the partner collects its own loans
  if (product.isPartner) throw new AppError('repaidAtPartner', { data: { reason: 'partnerOrder' } })
  if (!isOrderStatus(order.status) || !isRepaying(order.status)) throw new AppError('nothingOwed', { data: { reason: 'notRepaying' } })
  // docs/product/money-rules.md#cooling-off: within the period, everything owed is the exit's amount
  const exit = coolingOffOf(order, periods, product.market, new Date())
  const amount = exit ? exit.amount : totalOwed(owedOf(order, periods))
  if (amount === 0) throw new AppError('nothingOwed', { data: { reason: 'nothingOwed' } })
  return { order, product, amount }
}

function checkAmount(shown: number, owed: Cents): void {
  if (shown !== owed) throw new AppError('amountNotOwed', { data: { reason: 'amountNotOwed' } })
}

function cardView(card: BankCard): CardView {
  return { id: card.id, bankName: card.bankName, cardNo: card.maskedNo, bankCode: card.bankCode }
}

export function cardBanks(deps: Pick<CardDeps, 'gateway'>, market: Market) {
  // a gateway that keeps cards only in its own page (Xendit.js, Conekta.js, Razorpay Checkout): none to bind here
  return { list: gatewayOffers(providerOf(deps.gateway, market), CARD_METHOD) ? cardBanksOf(market) : [] }
}

/** Adds a card: its bank one of the market's, its number passing the Luhn check; only the masked number is kept. */
export async function bind(deps: CardDeps, borrower: Borrower, body: ParsedBodyOf<typeof bindCard>): Promise<CardView> {
  const bank = findCardBank(borrower.market, body.bankCode)
  if (!bank) throw new AppError('payMethodUnknown', { data: { fields: ['bankCode'] } })
  if (!luhnValid(body.cardNo)) throw new AppError('cardNumberInvalid', { data: { fields: ['cardNo'] } })
  if ((await repo.countCards(deps.db, borrower.id)) >= MAX_CARDS) {
    throw new AppError('cardLimitReached', { data: { reason: 'tooManyCards' } })
  }
  const gateway = providerOf(deps.gateway, borrower.market)
  if (!gatewayOffers(gateway, CARD_METHOD)) throw new AppError('payMethodUnknown', { data: { fields: ['bankCode'] } })
  const { cardToken } = await withAppErrors(() => gateway.tokenizeCard({ cardNo: body.cardNo, holderName: body.holderName, market: borrower.market }))
  const card = await repo.insertCard(
    deps.db,
    {
      borrowerId: borrower.id,
      bankCode: bank.bankCode,
      bankName: bank.bankName,
      maskedNo: maskCardNo(body.cardNo),
      last4: body.cardNo.slice(-4),
      gateway: gateway.name,
      cardToken,
      holderName: body.holderName,
    },
    deps.secrets,
  )
  return cardView(card)
}

/** repayment-way: what is owed, the borrower's cards, and a new single-use repayToken. */
export async function way(deps: CardDeps, borrower: Borrower, orderNo: string, now = new Date()) {
  const { order, product, amount } = await owedNow(deps.db, borrower.id, orderNo)
  // only cards the market's gateway can charge: none where it takes no cards
  const gateway = providerOf(deps.gateway, product.market)
  const cards = gatewayOffers(gateway, CARD_METHOD) ? (await repo.cardsOf(deps.db, borrower.id)).filter((c) => c.gateway === gateway.name) : []
  const token = randomBytes(32).toString('base64url')
  await repo.insertToken(deps.db, {
    tokenHash: hashToken(token),
    borrowerId: borrower.id,
    orderKey: order.id,
    expiresAt: new Date(now.getTime() + REPAY_TOKEN_MINUTES * MINUTE_MS),
    createdAt: now,
  })
  await repo.deleteOldTokens(deps.db, new Date(now.getTime() - 24 * 60 * MINUTE_MS))
  return {
    alipay: 1 as const,
    repayToken: token,
    bankCards: cards.map(cardView),
    amount,
    amountText: formatMoney(amount, product.market),
  }
}

/**
 * repayment-commit: the token used up and a pending record made, in the transaction that stores
 * the SMS code (so that a refused send, too soon after the last, leaves the token usable). A card
 * charge always needs the borrower's code: needValid is always 1.
 */
export async function commit(deps: CardDeps, borrower: Borrower, body: ParsedBodyOf<typeof repaymentCommit>, now = new Date()) {
  const { order, product, amount } = await owedNow(deps.db, borrower.id, body.orderId)
  const tokenHash = hashToken(body.repayToken)
  if (!(await repo.liveToken(deps.db, tokenHash, borrower.id, order.id, now))) throw new AppError('repayTokenInvalid')
  checkAmount(body.amount, amount)
  const card = await repo.borrowerCard(deps.db, borrower.id, body.cardId)
  if (!card) throw new AppError('cardUnknown', { data: { fields: ['cardId'] } })

  let recordId: number | undefined
  const create = async (tx: Parameters<typeof repo.consumeToken>[0]) => {
    // checked again under the transaction: of two commits with one token, one makes a record
    if (!(await repo.consumeToken(tx, tokenHash, borrower.id, order.id, now))) throw new AppError('repayTokenInvalid')
    recordId = (await repo.insertRecord(tx, { borrowerId: borrower.id, orderKey: order.id, cardId: card.id, amount, createdAt: now })).id
  }
  if (body.sendMsg === 1) {
    const sms = textsFor(borrower.locale).sms
    const validity = count(borrower.locale, REPAY_CODE.ttlSeconds / 60, 'minutes')
    await sendCode(deps, {
      phone: borrower.phone,
      purpose: REPAY_CODE.purpose,
      length: REPAY_CODE.length,
      ttlSeconds: REPAY_CODE.ttlSeconds,
      resendSeconds: REPAY_CODE.resendSeconds,
      stored: create,
      text: (code) => sms.repayCode(code, formatMoney(amount, product.market), validity),
    })
  } else {
    // sendMsg 0: the code sent within the last minutes still serves (the page asks again after a cancel)
    await deps.db.transaction(create)
  }
  if (recordId === undefined) throw new Error('no repay record after the commit')
  return { needValid: 1 as const, repayRecordId: recordId }
}

/**
 * repayment-confirm: the borrower's code, then in one transaction the record moved out of pending
 * (so that of any number of confirms one charges; the others answer repayTwice), the code used, the
 * card charged and the charge recorded as a payment account for the callback to find.
 */
export async function confirm(deps: CardDeps, borrower: Borrower, body: ParsedBodyOf<typeof repaymentConfirm>, now = new Date()): Promise<null> {
  const { db } = deps
  const record = await repo.borrowerRecord(db, borrower.id, body.repaymentRecordId, body.orderId)
  if (!record) throw new AppError('notFound')
  if (record.status !== 'pending') throw new AppError('repayTwice')
  // A confirm that lost the race to another finds the code used or the order paid: it says "twice".
  const twiceOr = async (error: unknown): Promise<never> => {
    if ((await repo.recordStatus(db, record.id)) !== 'pending') throw new AppError('repayTwice')
    if (error instanceof AppError && error.key === 'smsCodeInvalid') throw new AppError('repayCodeWrong')
    throw error
  }

  const codeId = await checkCode(db, {
    phone: borrower.phone,
    purpose: REPAY_CODE.purpose,
    code: body.verifyCode,
    length: REPAY_CODE.length,
    maxTries: REPAY_CODE.maxTries,
  }).catch(twiceOr)
  // The record's amount was what was owed at the commit; a payment since (a virtual account) changes it.
  const { product, amount } = await owedNow(db, borrower.id, body.orderId).catch(twiceOr)
  checkAmount(record.amount, amount)
  const card = await repo.borrowerCard(db, borrower.id, record.cardId)
  if (!card) throw new AppError('cardUnknown')
  const gateway = providerOf(deps.gateway, product.market)
  // a card bound through another gateway (the market changed provider) cannot be charged by this one
  if (card.gateway !== gateway.name) throw new AppError('cardUnknown')

  const accountId = await accounts.reserveAccountId(db)
  await db.transaction(async (tx) => {
    if (!(await repo.submitRecord(tx, record.id, now))) throw new AppError('repayTwice')
    await useCode(tx, codeId, REPAY_CODE.maxTries)
    // Inside the transaction, after the record moved: a confirm that lost never reaches the
    // gateway, and a charge that fails leaves the record pending to confirm again.
    const charge = await withAppErrors(() =>
      gateway.chargeCard({
        cardToken: openCardToken(card, deps.secrets),
        amount,
        market: product.market,
        reference: String(accountId),
        expiresAt: new Date(now.getTime() + CHARGE_MINUTES * MINUTE_MS),
      }),
    )
    const account = await accounts.insertAccount(tx, {
      id: accountId,
      borrowerId: borrower.id,
      orderKey: record.orderKey,
      purpose: 'repay',
      periodCount: null,
      method: CARD_METHOD,
      accountKind: 'card',
      accountNo: charge.accountNo,
      amount,
      market: product.market,
      gateway: gateway.name,
      gatewayRef: charge.gatewayRef,
      expiresAt: charge.expiresAt,
      createdAt: now,
    })
    // another record's charge of the same amount is still waiting for its callback
    if (!account) throw new AppError('repayTwice')
    await repo.linkCharge(tx, record.id, account.id)
    if (gateway.name === SANDBOX_GATEWAY) {
      // The sandbox's card network approves at once: its signed callback is queued with the
      // charge, and reaches the webhook as a real gateway's would.
      const paid = await sandboxPay(tx, account.accountNo, { now })
      if (!paid.ok) throw new Error(`the sandbox did not take charge ${account.id}: ${paid.reason}`)
    }
  })
  deps.kick?.()
  return null
}

/** repayment-huichao: the gateway's hosted page for everything owed; asked again, the same page. */
export async function hosted(deps: CardDeps, borrower: Borrower, body: ParsedBodyOf<typeof repaymentHuichao>, now = new Date()) {
  const { db } = deps
  const { order, product, amount } = await owedNow(db, borrower.id, body.orderId)
  const gateway = providerOf(deps.gateway, product.market)
  if (!gatewayOffers(gateway, HOSTED_METHOD)) throw new AppError('payMethodUnknown')
  checkAmount(body.amount, amount)
  const key: accounts.AccountKey = { orderKey: order.id, purpose: 'repay', method: HOSTED_METHOD, amount }
  const existing = await accounts.findPendingAccount(db, key, now)
  if (existing) return { url: withAppErrors(() => gateway.hostedPageUrl(existing.accountNo)) }

  const row = await openAccount(deps, {
    key,
    borrowerId: borrower.id,
    periodCount: null,
    accountKind: 'hosted',
    market: product.market,
    expiresAt: new Date(now.getTime() + HOSTED_MINUTES * MINUTE_MS),
    now,
  })
  return { url: withAppErrors(() => gateway.hostedPageUrl(row.accountNo)) }
}
