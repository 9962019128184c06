import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SCREEN_PATHS } from '@kilat/contract'
import { formatMoney, type Locale } from '@kilat/domain'
import { SANDBOX_CHECKOUT_PATH, SANDBOX_GATEWAY } from '../../../adapters/payments/sandbox-gateway.js'
import { sandboxPay } from '../sandbox-pay.js'
import { borrowerLocale } from '../../auth/auth.service.js'
import { textsFor } from '../../../i18n/index.js'
import * as repo from './cards.repo.js'
import { escapeHtml } from '../../../http/html.js'

/**
 * The sandbox gateway's hosted payment page (docs/decisions/0012-payment-gateway.md#cards), what
 * repayment-huichao sends the borrower to: the amount and a "Pay" button. Paying queues the
 * sandbox's signed callback (sandboxPay) and sends the borrower back to the loan's details, as a
 * real gateway's page redirects when done. Demo mode and tests only: not registered otherwise.
 *
 * Server-written HTML with no script at all; the one style element carries a nonce of this answer's
 * own policy (the calls' policy allows nothing, not even the form's post).
 */

const refQuery = z.object({ ref: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_]+$/) })

function pagePolicy(nonce: string): string {
  return `default-src 'none';style-src 'nonce-${nonce}';form-action 'self';frame-ancestors 'none';base-uri 'none'`
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f5f6f8;color:#1a1a1a}' +
  'main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}' +
  'h1{font-size:20px;margin:0 0 16px}.note{font-size:13px;color:#666}.amount{font-size:28px;font-weight:700;margin:4px 0 16px}' +
  'button,a.button{display:block;width:100%;box-sizing:border-box;padding:14px;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px;text-align:center;text-decoration:none}'

function send(reply: FastifyReply, status: number, locale: Locale, body: string): FastifyReply {
  const nonce = randomBytes(16).toString('base64')
  const t = textsFor(locale).checkout
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(t.title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`
  return reply
    .status(status)
    .header('content-security-policy', pagePolicy(nonce))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html)
}

/** The `lang` shared parameter when given, else the language of the borrower the page is for. */
async function localeOf(app: FastifyInstance, req: FastifyRequest, borrowerId: number | undefined): Promise<Locale> {
  if (req.sharedParams.lang || borrowerId === undefined) return req.locale
  return (await borrowerLocale(app.db, borrowerId)) ?? req.locale
}

const loanDetail = (orderNo: string) => `${SCREEN_PATHS.loanDetail}?orderId=${encodeURIComponent(orderNo)}`

export function checkoutPage(app: FastifyInstance, kick: () => void): void {
  app.get(SANDBOX_CHECKOUT_PATH, async (req, reply) => {
    const parsed = refQuery.safeParse(req.query)
    const found = parsed.success ? await repo.accountByNo(app.db, SANDBOX_GATEWAY, parsed.data.ref) : undefined
    const hosted = found?.account.accountKind === 'hosted' ? found : undefined
    const locale = await localeOf(app, req, hosted?.account.borrowerId)
    const t = textsFor(locale).checkout
    if (!hosted) return send(reply, 404, locale, `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.unknown)}</p>`)
    const { account, orderNo } = hosted
    const back = `<a class="button" href="${escapeHtml(loanDetail(orderNo))}">${escapeHtml(t.back)}</a>`
    const head =
      `<h1>${escapeHtml(t.title)}</h1><p class="note">${escapeHtml(t.sandboxNote)}</p>` +
      `<p>${escapeHtml(t.bill)}: ${escapeHtml(orderNo)}</p><p>${escapeHtml(t.amount)}</p><p class="amount">${escapeHtml(formatMoney(account.amount, account.market))}</p>`
    if (account.status === 'paid') return send(reply, 200, locale, `${head}<p>${escapeHtml(t.paid)}</p>${back}`)
    if (account.status !== 'pending' || account.expiresAt.getTime() <= Date.now()) return send(reply, 410, locale, `${head}<p>${escapeHtml(t.expired)}</p>${back}`)
    // the same address: the form posts the ref (and the language) back in its query
    const action = `${SANDBOX_CHECKOUT_PATH}?${new URLSearchParams({ ref: account.accountNo, lang: locale }).toString()}`
    return send(reply, 200, locale, `${head}<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.pay)}</button></form>`)
  })

  app.post(SANDBOX_CHECKOUT_PATH, async (req, reply) => {
    const parsed = refQuery.safeParse(req.query)
    const found = parsed.success ? await repo.accountByNo(app.db, SANDBOX_GATEWAY, parsed.data.ref) : undefined
    const hosted = found?.account.accountKind === 'hosted' ? found : undefined
    if (!hosted) {
      const locale = await localeOf(app, req, undefined)
      const t = textsFor(locale).checkout
      return send(reply, 404, locale, `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.unknown)}</p>`)
    }
    const paid = await sandboxPay(app.db, hosted.account.accountNo)
    if (paid.ok) kick()
    // paid now, or by an earlier tap: either way the borrower goes back to the loan
    if (paid.ok || paid.reason === 'alreadyPaid') return reply.header('cache-control', 'no-store').redirect(loanDetail(hosted.orderNo), 303)
    const locale = await localeOf(app, req, hosted.account.borrowerId)
    const t = textsFor(locale).checkout
    return send(reply, 410, locale, `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.expired)}</p>`)
  })
}
