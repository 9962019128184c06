import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from './fake-api.js'

/**
 * Razorpay's API as the tests see it (docs/operations/providers/razorpay.md), written from its
 * public documentation: Basic auth with the key id and secret; Smart Collect's virtual accounts;
 * the payments list; RazorpayX's composite payouts with their mandatory `X-Payout-Idempotency`;
 * errors as `{ error: { code, description, source, step, reason, metadata, field } }`; webhooks
 * signed with the hex HMAC-SHA256 of the body. It refuses what Razorpay refuses: a wrong key, a
 * missing field, an amount that is not a whole number of paise, a payout under one rupee, a key
 * reused with another body. Its helpers play the borrower paying and the bank finishing a payout,
 * and make the next answers fail.
 */

export interface RazorpayFakeOptions {
  port?: number
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Where a credited virtual account's webhook is posted. */
  paymentsCallbackUrl?: string
  /** Where a finished payout's webhook is posted. */
  payoutsCallbackUrl?: string
  /** Our RazorpayX business account: a payout from another is refused. */
  accountNumber?: string
  /** The business account's balance in paise; a payout over it is refused (queue_if_low_balance false). */
  balance?: number
  /** Razorpay's merchant id of the account (`account_id` of every event). */
  accountId?: string
}

export interface FakeVirtualAccount {
  id: string
  entity: 'virtual_account'
  name: string
  status: 'active' | 'closed'
  description: string
  amount_expected: number | null
  notes: Record<string, string> | never[]
  amount_paid: number
  customer_id: string | null
  receivers: Record<string, unknown>[]
  close_by: number | null
  closed_at: number | null
  created_at: number
}

export interface FakePayment {
  id: string
  entity: 'payment'
  amount: number
  currency: 'INR'
  status: 'captured' | 'refunded' | 'failed'
  method: 'bank_transfer' | 'upi' | 'card'
  description: string
  notes: never[]
  fee: number
  tax: number
  virtual_account_id: string | null
  created_at: number
}

export interface FakePaymentLink {
  id: string
  amount: number
  amount_paid: number
  currency: 'INR'
  accept_partial: boolean
  description: string
  expire_by: number | null
  reference_id: string | null
  notes: Record<string, string> | never[]
  short_url: string
  status: 'created' | 'paid' | 'expired' | 'cancelled'
  created_at: number
}

export interface FakePayout {
  id: string
  entity: 'payout'
  fund_account_id: string
  amount: number
  currency: 'INR'
  notes: Record<string, string> | never[]
  fees: number
  tax: number
  status: string
  utr: string | null
  mode: string
  purpose: string
  reference_id: string | null
  narration: string | null
  batch_id: null
  status_details: { reason: string; description: string; source: string } | null
  created_at: number
}

/** What the next authenticated call meets instead of (or besides) its normal answer. */
export type RazorpayFault =
  /** HTTP 500, nothing done. */
  | { kind: 'error' }
  /** Done, then HTTP 500: the caller cannot tell it was done. */
  | { kind: 'errorAfter' }
  /** HTTP 429, nothing done. */
  | { kind: 'rateLimit' }
  /** Done, answered after `delayMs` (past the caller's timeout). */
  | { kind: 'slow'; delayMs: number }
  /** A given refusal: Razorpay's error body with this status, code, reason and field. */
  | { kind: 'refuse'; status: number; code: string; description: string; reason?: string; field?: string }

export interface RazorpayFake extends FakeApi {
  accountNumber: string
  virtualAccounts: Map<string, FakeVirtualAccount>
  payments: Map<string, FakePayment>
  payouts: Map<string, FakePayout>
  paymentLinks: Map<string, FakePaymentLink>
  /** The next `times` authenticated calls meet the fault, in order of queueing. */
  failNext(fault: RazorpayFault, times?: number): void
  /**
   * The borrower pays into an issued virtual account (its id, account number or UPI id): the
   * payment is stored and the signed `virtual_account.credited` webhook posted to the payments
   * callback URL. Answers the payment, the webhook's body and headers, and our server's status.
   */
  creditAccount(
    account: string,
    options?: { amount?: number; via?: 'bank_transfer' | 'upi'; fee?: number; tax?: number; at?: Date; url?: string },
  ): Promise<{ payment: FakePayment; body: string; headers: Record<string, string>; status: number | null }>
  /** The borrower pays a Payment Link (its id or address) in full: the signed `payment_link.paid` webhook is posted to the payments callback URL. */
  payLink(
    link: string,
    options?: { at?: Date; url?: string },
  ): Promise<{ payment: FakePayment; body: string; headers: Record<string, string>; status: number | null }>
  /** The bank finishes a payout (its id or our reference): status set and its signed webhook posted to the payouts callback URL. */
  finishPayout(
    payout: string,
    outcome: 'processed' | 'reversed' | 'failed' | 'rejected',
    options?: { reason?: string; at?: Date; url?: string },
  ): Promise<{ payout: FakePayout; body: string; headers: Record<string, string>; status: number | null }>
  /** An event body signed as Razorpay signs it (for tests that build their own, or forge one). */
  signedEvent(event: string, payload: Record<string, unknown>, options?: { at?: Date; eventId?: string; secret?: string }): { body: string; headers: Record<string, string> }
  /** Posts a body with headers to a URL; answers the status (null when nobody answered). */
  deliver(url: string, body: string, headers: Record<string, string>): Promise<number | null>
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Razorpay's ids: a prefix and 14 characters. */
const rzpId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => ALNUM[randomInt(0, ALNUM.length)]).join('')}`
const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')
const unix = (d: Date = new Date()) => Math.floor(d.getTime() / 1000)

function refusal(status: number, description: string, field: string | null, reason = 'input_validation_failed', code = 'BAD_REQUEST_ERROR'): FakeAnswer {
  return { status, body: { error: { code, description, source: 'business', step: 'payment_initiation', reason, metadata: {}, field } } }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const isPaise = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v)

function notesOf(v: unknown): Record<string, string> | never[] | FakeAnswer {
  if (v === undefined) return []
  if (!isRecord(v)) return refusal(400, 'The notes must be an object', 'notes')
  const entries = Object.entries(v)
  if (entries.length > 15) return refusal(400, 'The notes may have 15 keys at most', 'notes')
  for (const [, value] of entries) if (typeof value !== 'string' || value.length > 256) return refusal(400, 'Each note must be a string of 256 characters at most', 'notes')
  return v as Record<string, string>
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (isRecord(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`
  return JSON.stringify(v)
}

function createVirtualAccount(body: Record<string, unknown> | null, now: Date): FakeVirtualAccount | FakeAnswer {
  if (!body) return refusal(400, 'The request body is not valid JSON', null)
  const receivers = body.receivers
  const types = isRecord(receivers) && Array.isArray(receivers.types) ? receivers.types : undefined
  if (!types || types.length === 0) return refusal(400, 'The receivers field is required', 'receivers')
  if (types.some((t) => t !== 'bank_account' && t !== 'vpa' && t !== 'qr_code')) return refusal(400, 'Invalid receiver type', 'receivers.types')
  if (types.includes('vpa') && !types.includes('bank_account')) return refusal(400, 'A vpa receiver needs a bank_account receiver', 'receivers.types')
  if (body.amount_expected !== undefined && (!isPaise(body.amount_expected) || body.amount_expected <= 0)) return refusal(400, 'The amount expected must be an integer in paise', 'amount_expected')
  if (body.close_by !== undefined && (!isPaise(body.close_by) || body.close_by < unix(now) + 15 * 60)) return refusal(400, 'close_by must be at least 15 minutes in the future', 'close_by')
  const notes = notesOf(body.notes)
  if (!Array.isArray(notes) && 'status' in notes && typeof notes.status === 'number') return notes as FakeAnswer
  const list: Record<string, unknown>[] = []
  if (types.includes('bank_account')) list.push({ id: rzpId('ba'), entity: 'bank_account', ifsc: 'RATN0VAAPIS', bank_name: 'RBL Bank', name: 'Kilat', notes: [], account_number: `2223330${digits(9)}` })
  if (types.includes('vpa')) {
    const username = `rpy.payto0000${digits(10)}`
    list.push({ id: rzpId('vpa'), entity: 'vpa', username, handle: 'icici', address: `${username}@icici` })
  }
  return {
    id: rzpId('va'),
    entity: 'virtual_account',
    name: 'Kilat',
    status: 'active',
    description: typeof body.description === 'string' ? body.description : '',
    amount_expected: (body.amount_expected as number | undefined) ?? null,
    notes: notes as Record<string, string> | never[],
    amount_paid: 0,
    customer_id: null,
    receivers: list,
    close_by: (body.close_by as number | undefined) ?? null,
    closed_at: null,
    created_at: unix(now),
  }
}

function createPaymentLink(body: Record<string, unknown> | null, links: Map<string, FakePaymentLink>, now: Date): FakePaymentLink | FakeAnswer {
  if (!body) return refusal(400, 'The request body is not valid JSON', null)
  if (body.amount === undefined) return refusal(400, 'The amount field is required.', 'amount')
  if (!isPaise(body.amount)) return refusal(400, 'The amount must be an integer.', 'amount')
  if (body.amount < 100) return refusal(400, 'The amount must be at least INR 1.00.', 'amount')
  if (body.currency !== undefined && body.currency !== 'INR') return refusal(400, 'The currency is not supported', 'currency')
  if (body.expire_by !== undefined && (!isPaise(body.expire_by) || body.expire_by < unix(now) + 15 * 60)) return refusal(400, 'expire_by should be at least 15 minutes after the current time', 'expire_by')
  if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) return refusal(400, 'The reference id may not be greater than 40 characters.', 'reference_id')
  if (typeof body.reference_id === 'string' && [...links.values()].some((l) => l.reference_id === body.reference_id)) {
    return refusal(400, `Payment Link with reference id ${body.reference_id} already exists`, 'reference_id')
  }
  const notes = notesOf(body.notes)
  if (!Array.isArray(notes) && 'status' in notes && typeof notes.status === 'number') return notes as FakeAnswer
  const code = Array.from({ length: 7 }, () => ALNUM[randomInt(0, ALNUM.length)]).join('')
  return {
    id: rzpId('plink'),
    amount: body.amount,
    amount_paid: 0,
    currency: 'INR',
    accept_partial: body.accept_partial === true,
    description: typeof body.description === 'string' ? body.description : '',
    expire_by: (body.expire_by as number | undefined) ?? null,
    reference_id: (body.reference_id as string | undefined) ?? null,
    notes: notes as Record<string, string> | never[],
    short_url: `https://rzp.io/i/${code}`,
    status: 'created',
    created_at: unix(now),
  }
}

function checkFundAccount(body: Record<string, unknown>): FakeAnswer | null {
  if (body.fund_account_id !== undefined) return typeof body.fund_account_id === 'string' && body.fund_account_id.startsWith('fa_') ? null : refusal(400, 'The fund account id is invalid', 'fund_account_id')
  const fa = body.fund_account
  if (!isRecord(fa)) return refusal(400, 'The fund account id field is required when fund account is not present', 'fund_account')
  const contact = fa.contact
  if (!isRecord(contact) || typeof contact.name !== 'string' || contact.name.length < 3) return refusal(400, 'The contact name is required', 'fund_account.contact.name')
  if (fa.account_type === 'bank_account') {
    const ba = fa.bank_account
    if (!isRecord(ba)) return refusal(400, 'The bank account field is required', 'fund_account.bank_account')
    if (typeof ba.ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ba.ifsc)) return refusal(400, 'The ifsc must be 11 characters', 'fund_account.bank_account.ifsc', 'invalid_ifsc')
    if (typeof ba.account_number !== 'string' || !/^[A-Za-z0-9]{5,35}$/.test(ba.account_number)) return refusal(400, 'The account number is invalid', 'fund_account.bank_account.account_number')
    if (typeof ba.name !== 'string' || ba.name.length < 3) return refusal(400, 'The name is required', 'fund_account.bank_account.name')
    if (body.mode === 'UPI') return refusal(400, 'UPI mode needs a vpa fund account', 'mode')
    return null
  }
  if (fa.account_type === 'vpa') {
    const vpa = fa.vpa
    if (!isRecord(vpa) || typeof vpa.address !== 'string' || !/^[\w.-]+@[A-Za-z0-9]+$/.test(vpa.address)) return refusal(400, 'The vpa address is invalid', 'fund_account.vpa.address', 'invalid_vpa')
    if (body.mode !== 'UPI') return refusal(400, 'A vpa fund account needs the UPI mode', 'mode')
    return null
  }
  return refusal(400, 'Invalid account type', 'fund_account.account_type')
}

export async function startRazorpayFake(options: RazorpayFakeOptions): Promise<RazorpayFake> {
  const accountNumber = options.accountNumber ?? '7878780080316316'
  const accountId = options.accountId ?? 'acc_KilatFake00001'
  let balance = options.balance ?? 10_000_000_00
  const virtualAccounts = new Map<string, FakeVirtualAccount>()
  const payments = new Map<string, FakePayment>()
  const payouts = new Map<string, FakePayout>()
  const paymentLinks = new Map<string, FakePaymentLink>()
  /** Idempotency key → the body first sent with it and the payout it made. */
  const keys = new Map<string, { body: string; payoutId: string }>()
  const faults: RazorpayFault[] = []
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`

  /** Authentication, then the queued fault, then the route's own handling. */
  const guarded =
    (handle: (req: FakeRequest, params: Record<string, string>) => FakeAnswer) =>
    (req: FakeRequest, params: Record<string, string>): FakeAnswer => {
      if (req.headers.authorization !== expectedAuth) return refusal(401, 'The api key provided is invalid', null, 'authentication_failed')
      const fault = faults.shift()
      if (!fault) return handle(req, params)
      switch (fault.kind) {
        case 'error':
          return { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'The server encountered an error', source: 'internal', step: null, reason: 'server_error', metadata: {}, field: null } } }
        case 'rateLimit':
          return { status: 429, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests', source: 'NA', step: 'NA', reason: 'NA', metadata: {}, field: null } } }
        case 'errorAfter':
          handle(req, params)
          return { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'The server encountered an error', source: 'internal', step: null, reason: 'server_error', metadata: {}, field: null } } }
        case 'slow':
          return { ...handle(req, params), delayMs: fault.delayMs }
        case 'refuse':
          return refusal(fault.status, fault.description, fault.field ?? null, fault.reason ?? 'NA', fault.code)
      }
    }

  const createPayout = (req: FakeRequest): FakeAnswer => {
    const key = req.headers['x-payout-idempotency']
    if (typeof key !== 'string' || !/^[A-Za-z0-9 _-]{4,36}$/.test(key)) return refusal(400, 'Idempotency key is missing or invalid. Include idempotency header and key in the request.', 'X-Payout-Idempotency', 'NA')
    const body = req.body
    if (!body) return refusal(400, 'The request body is not valid JSON', null)
    const seen = keys.get(key)
    if (seen) {
      if (seen.body !== canonical(body)) return refusal(400, 'Different request body sent for the same idempotency header', 'X-Payout-Idempotency', 'NA')
      return { status: 200, body: payouts.get(seen.payoutId) }
    }
    if (body.account_number !== accountNumber) return refusal(400, 'The account number is invalid', 'account_number')
    if (!isPaise(body.amount)) return refusal(400, 'The amount must be an integer', 'amount')
    if (body.amount < 100) return refusal(400, 'Minimum transaction amount should be 100 paise', 'amount')
    if (body.currency !== 'INR') return refusal(400, 'The currency must be INR', 'currency')
    if (!['IMPS', 'NEFT', 'RTGS', 'UPI'].includes(String(body.mode))) return refusal(400, 'The mode is invalid', 'mode')
    if (typeof body.purpose !== 'string' || body.purpose === '') return refusal(400, 'The purpose field is required', 'purpose')
    const fundRefusal = checkFundAccount(body)
    if (fundRefusal) return fundRefusal
    if (body.reference_id !== undefined && (typeof body.reference_id !== 'string' || body.reference_id.length > 40)) return refusal(400, 'The reference id may not be greater than 40 characters', 'reference_id')
    const notes = notesOf(body.notes)
    if (!Array.isArray(notes) && 'status' in notes && typeof notes.status === 'number') return notes as FakeAnswer
    if (body.amount > balance && body.queue_if_low_balance !== true) return refusal(400, 'Your account does not have enough balance to carry out the payout operation.', null, 'insufficient_balance')
    balance -= body.amount
    const created: FakePayout = {
      id: rzpId('pout'),
      entity: 'payout',
      fund_account_id: typeof body.fund_account_id === 'string' ? body.fund_account_id : rzpId('fa'),
      amount: body.amount,
      currency: 'INR',
      notes: notes as Record<string, string> | never[],
      fees: 590,
      tax: 90,
      status: 'processing',
      utr: null,
      mode: String(body.mode),
      purpose: body.purpose,
      reference_id: (body.reference_id as string | undefined) ?? null,
      narration: typeof body.narration === 'string' ? body.narration : null,
      batch_id: null,
      status_details: null,
      created_at: unix(),
    }
    payouts.set(created.id, created)
    keys.set(key, { body: canonical(body), payoutId: created.id })
    return { status: 200, body: created }
  }

  const listPayouts = (req: FakeRequest): FakeAnswer => {
    if (req.query.get('account_number') !== accountNumber) return refusal(400, 'The account number is invalid', 'account_number')
    const count = Number(req.query.get('count') ?? '10')
    if (!Number.isInteger(count) || count < 1 || count > 100) return refusal(400, 'The count must be between 1 and 100', 'count')
    const reference = req.query.get('reference_id')
    const items = [...payouts.values()].filter((p) => reference === null || p.reference_id === reference).sort((a, b) => b.created_at - a.created_at).slice(0, count)
    return { status: 200, body: { entity: 'collection', count: items.length, items } }
  }

  const listPayments = (req: FakeRequest): FakeAnswer => {
    const count = Number(req.query.get('count') ?? '10')
    const skip = Number(req.query.get('skip') ?? '0')
    if (!Number.isInteger(count) || count < 1 || count > 100) return refusal(400, 'The count must be between 1 and 100', 'count')
    if (!Number.isInteger(skip) || skip < 0) return refusal(400, 'The skip must be at least 0', 'skip')
    const from = req.query.has('from') ? Number(req.query.get('from')) : 0
    const to = req.query.has('to') ? Number(req.query.get('to')) : Number.MAX_SAFE_INTEGER
    if (!Number.isInteger(from) || !Number.isInteger(to)) return refusal(400, 'from and to must be unix timestamps', 'from')
    const items = [...payments.values()].filter((p) => p.created_at >= from && p.created_at <= to).sort((a, b) => b.created_at - a.created_at).slice(skip, skip + count)
    return { status: 200, body: { entity: 'collection', count: items.length, items } }
  }

  const api = await startFakeApi(
    [
      { method: 'POST', pattern: '/v1/virtual_accounts', handle: guarded((req) => {
        const made = createVirtualAccount(req.body, new Date())
        if ('status' in made && typeof made.status === 'number') return made as FakeAnswer
        const va = made as FakeVirtualAccount
        virtualAccounts.set(va.id, va)
        return { status: 200, body: va }
      }) },
      { method: 'GET', pattern: '/v1/virtual_accounts/:id', handle: guarded((_req, p) => {
        const va = virtualAccounts.get(p.id ?? '')
        return va ? { status: 200, body: va } : refusal(400, 'The id provided does not exist', 'id')
      }) },
      { method: 'GET', pattern: '/v1/payments', handle: guarded(listPayments) },
      { method: 'POST', pattern: '/v1/payment_links', handle: guarded((req) => {
        const made = createPaymentLink(req.body, paymentLinks, new Date())
        if ('status' in made && typeof made.status === 'number') return made as FakeAnswer
        const link = made as FakePaymentLink
        paymentLinks.set(link.id, link)
        return { status: 200, body: link }
      }) },
      { method: 'GET', pattern: '/v1/payment_links', handle: guarded((req) => {
        const reference = req.query.get('reference_id')
        return { status: 200, body: { payment_links: [...paymentLinks.values()].filter((l) => reference === null || l.reference_id === reference) } }
      }) },
      { method: 'POST', pattern: '/v1/payouts', handle: guarded(createPayout) },
      { method: 'GET', pattern: '/v1/payouts', handle: guarded(listPayouts) },
      { method: 'GET', pattern: '/v1/payouts/:id', handle: guarded((_req, p) => {
        const found = payouts.get(p.id ?? '')
        return found ? { status: 200, body: found } : refusal(400, 'The id provided does not exist', 'id')
      }) },
    ],
    { port: options.port },
  )

  const signedEvent: RazorpayFake['signedEvent'] = (event, payload, o = {}) => {
    const body = JSON.stringify({ entity: 'event', account_id: accountId, event, contains: Object.keys(payload), payload, created_at: unix(o.at) })
    const signature = createHmac('sha256', o.secret ?? options.webhookSecret).update(body).digest('hex')
    return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': o.eventId ?? `evt_${randomBytes(7).toString('hex')}` } }
  }

  const deliver: RazorpayFake['deliver'] = async (url, body, headers) => {
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) })
      await res.text()
      return res.status
    } catch {
      return null
    }
  }

  const findAccount = (account: string) =>
    virtualAccounts.get(account) ?? [...virtualAccounts.values()].find((va) => va.receivers.some((r) => r.account_number === account || r.address === account))

  return {
    ...api,
    accountNumber,
    virtualAccounts,
    payments,
    payouts,
    paymentLinks,
    failNext(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault)
    },
    async creditAccount(account, o = {}) {
      const va = findAccount(account)
      if (!va) throw new Error(`the fake issued no virtual account ${account}`)
      const amount = o.amount ?? va.amount_expected ?? 100_00
      const at = o.at ?? new Date()
      const via = o.via ?? (va.receivers.some((r) => r.entity === 'vpa') ? 'upi' : 'bank_transfer')
      const tax = o.tax ?? 180
      const payment: FakePayment = { id: rzpId('pay'), entity: 'payment', amount, currency: 'INR', status: 'captured', method: via, description: '', notes: [], fee: o.fee ?? 1000 + tax, tax, virtual_account_id: va.id, created_at: unix(at) }
      payments.set(payment.id, payment)
      va.amount_paid += amount
      const transfer = via === 'upi' ? { upi_transfer: { entity: { id: rzpId('ut'), entity: 'upi_transfer', amount, payer_vpa: 'borrower@okaxis', payment_id: payment.id, virtual_account_id: va.id } } } : { bank_transfer: { entity: { id: rzpId('bt'), entity: 'bank_transfer', payment_id: payment.id, mode: 'IMPS', bank_reference: digits(12), amount, virtual_account_id: va.id } } }
      const signed = signedEvent('virtual_account.credited', { payment: { entity: payment }, virtual_account: { entity: va }, ...transfer }, { at })
      const url = o.url ?? options.paymentsCallbackUrl
      return { payment, ...signed, status: url ? await deliver(url, signed.body, signed.headers) : null }
    },
    async payLink(which, o = {}) {
      const link = paymentLinks.get(which) ?? [...paymentLinks.values()].find((l) => l.short_url === which)
      if (!link) throw new Error(`the fake made no payment link ${which}`)
      const at = o.at ?? new Date()
      const payment: FakePayment = { id: rzpId('pay'), entity: 'payment', amount: link.amount, currency: 'INR', status: 'captured', method: 'card', description: link.description, notes: [], fee: 2360, tax: 360, virtual_account_id: null, created_at: unix(at) }
      payments.set(payment.id, payment)
      link.amount_paid = link.amount
      link.status = 'paid'
      const signed = signedEvent('payment_link.paid', { payment_link: { entity: link }, payment: { entity: payment } }, { at })
      const url = o.url ?? options.paymentsCallbackUrl
      return { payment, ...signed, status: url ? await deliver(url, signed.body, signed.headers) : null }
    },
    async finishPayout(which, outcome, o = {}) {
      const found = payouts.get(which) ?? [...payouts.values()].find((p) => p.reference_id === which)
      if (!found) throw new Error(`the fake made no payout ${which}`)
      found.status = outcome
      if (outcome === 'processed') {
        found.utr = digits(12)
        found.status_details = null
      } else {
        const reason = o.reason ?? (outcome === 'reversed' ? 'beneficiary_bank_rejected' : outcome === 'rejected' ? 'payout_rejected' : 'invalid_beneficiary_details')
        found.status_details = { reason, description: 'The payout could not be completed', source: 'beneficiary_bank' }
        balance += found.amount
      }
      const signed = signedEvent(`payout.${outcome}`, { payout: { entity: found } }, { at: o.at ?? new Date() })
      const url = o.url ?? options.payoutsCallbackUrl
      return { payout: found, ...signed, status: url ? await deliver(url, signed.body, signed.headers) : null }
    },
    signedEvent,
    deliver,
  }
}
