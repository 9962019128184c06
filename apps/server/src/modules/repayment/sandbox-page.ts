import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Locale } from '@kilat/domain'
import type { SandboxPayResult } from '../../adapters/payments/sandbox-gateway.js'
import { textsFor } from '../../i18n/index.js'
import { escapeHtml } from '../../http/html.js'

/** Demo mode and tests only: the sandbox's "pay this account" page, a form over the sandbox's pay call. */
export const SANDBOX_PAY_PAGE_PATH = '/h5-api/v3/sandbox/pay-page'

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:28rem;padding:1rem;color:#1f2937}' +
  'h1{font-size:1.25rem}label{display:block;margin:1rem 0 .25rem}input{box-sizing:border-box;width:100%;padding:.5rem;font:inherit}' +
  'button{margin-top:1rem;padding:.6rem 1rem;font:inherit;background:#3360dd;color:#fff;border:0;border-radius:4px}' +
  '.ok{color:#047857}.error{color:#b91c1c}'

/**
 * The page runs no script and loads nothing: its one style element is allowed by its hash and its
 * form may post only to this server. It lives under /h5-api, whose fixed policy forbids forms
 * (http/security-headers.ts), so it sets its own.
 */
const PAGE_CSP = `default-src 'none';style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}';form-action 'self';base-uri 'none';frame-ancestors 'none'`

type Outcome = { kind: 'ok' | 'error'; text: string } | null

function page(locale: Locale, accountNo: string, outcome: Outcome): string {
  const t = textsFor(locale).sandbox
  const action = `${SANDBOX_PAY_PAGE_PATH}?lang=${locale}`
  const message = outcome ? `<p class="${outcome.kind}" role="${outcome.kind === 'ok' ? 'status' : 'alert'}">${escapeHtml(outcome.text)}</p>` : ''
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>${message}` +
    `<form method="post" action="${escapeHtml(action)}"><label for="accountNo">${escapeHtml(t.accountLabel)}</label>` +
    `<input id="accountNo" name="accountNo" required maxlength="64" autocomplete="off" inputmode="numeric" value="${escapeHtml(accountNo)}">` +
    `<button type="submit">${escapeHtml(outcome?.kind === 'ok' ? t.again : t.submit)}</button></form></main></body></html>`
  )
}

function send(reply: FastifyReply, status: number, html: string): string {
  reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', PAGE_CSP)
  return html
}

const accountNoSchema = z.string().trim().min(1).max(64)

/**
 * Registers the page (docs/product/money-rules.md#repayment, "Demo and tests"): GET shows the form,
 * the account number prefilled from `?accountNo=`; its POST (form-encoded) pays through `pay` (the
 * sandbox's pay, then the deliverer nudged) and answers the page again with the outcome. Texts in
 * the `lang` parameter's language.
 */
export function sandboxPayPage(app: FastifyInstance, pay: (accountNo: string) => Promise<SandboxPayResult>): void {
  app.get(SANDBOX_PAY_PAGE_PATH, { config: { family: 'code0' } }, async (req, reply) => {
    const prefill = accountNoSchema.safeParse((req.query as Record<string, unknown>).accountNo)
    return send(reply, 200, page(req.locale, prefill.success ? prefill.data : '', null))
  })

  app.post(SANDBOX_PAY_PAGE_PATH, { config: { family: 'code0' } }, async (req, reply) => {
    const t = textsFor(req.locale).sandbox
    const body = (req.body ?? {}) as Record<string, unknown>
    const parsed = accountNoSchema.safeParse(body.accountNo)
    if (!parsed.success) return send(reply, 400, page(req.locale, '', { kind: 'error', text: t.invalid }))
    const paid = await pay(parsed.data)
    if (paid.ok) return send(reply, 200, page(req.locale, '', { kind: 'ok', text: t.paid }))
    const unknown = paid.reason === 'unknownAccount'
    return send(reply, unknown ? 404 : 409, page(req.locale, parsed.data, { kind: 'error', text: unknown ? t.unknownAccount : t.alreadyPaid }))
  })
}
