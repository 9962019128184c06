import { generateKeyPairSync, randomBytes, randomInt, sign } from 'node:crypto'
import { makeClabe } from '@kilat/domain'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeHandler, type FakeRequest } from './fake-api.js'

/**
 * Conekta's API as its documentation describes it (docs/operations/providers/conekta.md): Bearer
 * private key, the versioned Accept header, orders with one `spei` or `cash` charge in centavos,
 * `expires_at` in unix seconds, errors as `{ object: 'error', type, details: [{ code, message }] }`,
 * and callbacks signed with a webhook key (base64 RSA-SHA256 of the body in the `digest` header).
 * Shapes written by us from the documented fields.
 */

export interface ConektaFakeOptions {
  /** The private key the fake accepts; `key_fake1234567890` by default. */
  apiKey?: string
  /** The webhooks the fake says are registered (GET /webhooks). */
  webhooks?: { url: string; status?: string; subscribed_events?: string[] }[]
}

export interface FakeConektaCharge {
  id: string
  status: 'pending_payment' | 'paid'
  amount: number
  fee: number
  paid_at: number | null
  order_id: string
  reference_id: string | null
  created_at: number
  payment_method: Record<string, unknown>
}

export interface FakeConektaOrder {
  id: string
  object: 'order'
  livemode: false
  amount: number
  currency: 'MXN'
  payment_status: 'pending_payment' | 'paid'
  created_at: number
  metadata: Record<string, unknown>
  customer_info: Record<string, unknown>
  charges: { object: 'list'; data: FakeConektaCharge[] }
}

export interface ConektaFake extends FakeApi {
  apiKey: string
  /** PEM of the webhook key's public half: CONEKTA_WEBHOOK_PUBLIC_KEY. */
  webhookPublicKey: string
  orders: Map<string, FakeConektaOrder>
  webhooks: { url: string; status?: string; subscribed_events?: string[] }[]
  /** The most a list answers in one page (Conekta's is 250): a test lowers it to see the paging. */
  pageSize: number
  /** The next call answers this instead (500, 429, an error body): once per call queued. */
  failNext(status: number, body?: unknown): void
  /** The next call is answered normally, but only after `ms`. */
  slowNext(ms: number): void
  /** The fake's own signature of a body, as Conekta signs (the `digest` header's value). */
  sign(body: string | Buffer): string
  /** An event as Conekta sends it, its body and headers, signed (or not) as asked. */
  eventOf(type: string, object: unknown, options?: { createdAt?: number; id?: string }): { body: string; headers: Record<string, string> }
  /**
   * A borrower pays the charge of this CLABE or OXXO reference: it turns paid and the fake posts
   * the signed `order.paid` event to `url`. Answers the status our webhook answered and the event.
   */
  pay(accountNo: string, url: string, options?: { paidAt?: Date; fee?: number }): Promise<{ status: number; body: string; event: string }>
  /** Posts a body with headers to a URL, as Conekta's webhook sender does. */
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }>
}

const error = (status: number, type: string, code: string, message: string): FakeAnswer => ({
  status,
  body: { object: 'error', type, log_id: randomBytes(12).toString('hex'), details: [{ code, param: null, message, debug_message: message }] },
})

const OXXO_CEILING_CENTAVOS = 10_000_00
const MAX_EXPIRY_SECONDS = 31 * 24 * 3600

export async function startConektaFake(options: ConektaFakeOptions = {}): Promise<ConektaFake> {
  const apiKey = options.apiKey ?? 'key_fake1234567890'
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const webhookPublicKey = publicKey.export({ type: 'spki', format: 'pem' }).toString()
  const orders = new Map<string, FakeConektaOrder>()
  const webhooks = options.webhooks ?? []
  const queued: Array<FakeAnswer | { slowMs: number }> = []

  const authorized = (req: FakeRequest): FakeAnswer | undefined => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'authentication_error', 'conekta.errors.authentication.missing_key', 'Acceso no autorizado.')
    if (!/^application\/vnd\.conekta-v2\.\d\.\d\+json$/.test(String(req.headers.accept ?? ''))) {
      return error(400, 'parameter_validation_error', 'conekta.errors.parameter_validation.api_version.invalid', 'La versión del API es inválida.')
    }
    return undefined
  }

  /** Auth first (a refused key answers 401 whatever is queued), then what a test queued, then the route. */
  const route =
    (handle: FakeHandler): FakeHandler =>
    async (req, params) => {
      const refused = authorized(req)
      if (refused) return refused
      const next = queued.shift()
      if (next && 'status' in next) return next
      const answer = await handle(req, params)
      return next ? { ...answer, delayMs: next.slowMs } : answer
    }

  const createOrder: FakeHandler = (req) => {
    const b = req.body ?? {}
    const invalid = (param: string) => error(422, 'parameter_validation_error', `conekta.errors.parameter_validation.${param}.invalid`, `El parámetro ${param} es inválido.`)
    if (b.currency !== 'MXN') return invalid('currency')
    const customer = b.customer_info as Record<string, unknown> | undefined
    for (const field of ['name', 'email', 'phone']) if (!customer || typeof customer[field] !== 'string' || customer[field] === '') return invalid(`customer_info.${field}`)
    const items = b.line_items
    if (!Array.isArray(items) || items.length === 0) return invalid('line_items')
    let amount = 0
    for (const item of items as Record<string, unknown>[]) {
      // centavos: a whole number; a fractional one is pesos sent by mistake
      if (typeof item.unit_price !== 'number' || !Number.isInteger(item.unit_price) || item.unit_price <= 0) return invalid('line_items.unit_price')
      if (typeof item.quantity !== 'number' || !Number.isInteger(item.quantity) || item.quantity < 1) return invalid('line_items.quantity')
      if (typeof item.name !== 'string' || item.name === '') return invalid('line_items.name')
      amount += item.unit_price * item.quantity
    }
    const charges = b.charges
    if (!Array.isArray(charges) || charges.length !== 1) return invalid('charges')
    const c = charges[0] as Record<string, unknown>
    const method = c.payment_method as Record<string, unknown> | undefined
    if (!method || (method.type !== 'spei' && method.type !== 'cash')) return invalid('charges.payment_method.type')
    const now = Math.floor(Date.now() / 1000)
    // unix seconds: a value in milliseconds is ~1000 times too far in the future
    if (typeof method.expires_at !== 'number' || !Number.isInteger(method.expires_at) || method.expires_at <= now || method.expires_at > now + MAX_EXPIRY_SECONDS) return invalid('charges.payment_method.expires_at')
    if (method.type === 'cash' && amount > OXXO_CEILING_CENTAVOS) {
      return error(402, 'processing_error', 'conekta.errors.processing.cash.amount_exceeded', 'El monto excede el máximo permitido para pagos en efectivo.')
    }
    const orderId = `ord_${randomBytes(8).toString('hex')}`
    const paymentMethod =
      method.type === 'spei'
        ? { type: 'spei', object: 'bank_transfer_payment', bank: 'STP', clabe: makeClabe('646', '180', String(randomInt(0, 1e11)).padStart(11, '0')), expires_at: method.expires_at }
        : { type: 'cash', object: 'cash_payment', service_name: 'OxxoPay', reference: `93${String(randomInt(0, 1e12)).padStart(12, '0')}`, expires_at: method.expires_at }
    const o: FakeConektaOrder = {
      id: orderId,
      object: 'order',
      livemode: false,
      amount,
      currency: 'MXN',
      payment_status: 'pending_payment',
      created_at: now,
      metadata: (b.metadata as Record<string, unknown> | undefined) ?? {},
      customer_info: customer!,
      charges: {
        object: 'list',
        data: [
          {
            id: randomBytes(12).toString('hex'),
            status: 'pending_payment',
            amount,
            fee: 0,
            paid_at: null,
            order_id: orderId,
            reference_id: typeof c.reference_id === 'string' ? c.reference_id : null,
            created_at: now,
            payment_method: paymentMethod,
          },
        ],
      },
    }
    orders.set(orderId, o)
    return { status: 200, body: o }
  }

  const listOrders: FakeHandler = (req) => {
    const q = req.query
    const gte = q.get('created_at.gte')
    const lte = q.get('created_at.lte')
    const status = q.get('payment_status')
    const limit = Math.min(Number(q.get('limit') ?? 20), fake.pageSize)
    let all = [...orders.values()]
      .filter((o) => (status ? o.payment_status === status : true))
      .filter((o) => (gte ? o.created_at >= Number(gte) : true) && (lte ? o.created_at <= Number(lte) : true))
      .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1))
    const next = q.get('next')
    if (next) all = all.slice(all.findIndex((o) => o.id === next) + 1)
    return { status: 200, body: { object: 'list', has_more: all.length > limit, data: all.slice(0, limit) } }
  }

  const listWebhooks: FakeHandler = () => ({
    status: 200,
    body: { object: 'list', has_more: false, data: webhooks.map((w, i) => ({ id: `wh_${i}`, object: 'webhook', livemode: false, status: 'listening', subscribed_events: ['order.paid'], ...w })) },
  })

  const api = await startFakeApi([
    { method: 'POST', pattern: '/orders', handle: route(createOrder) },
    { method: 'GET', pattern: '/orders', handle: route(listOrders) },
    { method: 'GET', pattern: '/webhooks', handle: route(listWebhooks) },
  ])

  const signBody = (body: string | Buffer) => sign('sha256', Buffer.from(body), privateKey).toString('base64')

  const eventOf: ConektaFake['eventOf'] = (type, object, o = {}) => {
    const body = JSON.stringify({ id: o.id ?? randomBytes(12).toString('hex'), object: 'event', type, livemode: false, created_at: o.createdAt ?? Math.floor(Date.now() / 1000), data: { object } })
    return { body, headers: { 'content-type': 'application/json', digest: signBody(body) } }
  }

  const post: ConektaFake['post'] = async (url, body, headers) => {
    const response = await fetch(url, { method: 'POST', headers, body })
    return { status: response.status, body: await response.text() }
  }

  const fake: ConektaFake = {
    ...api,
    pageSize: 250,
    apiKey,
    webhookPublicKey,
    orders,
    webhooks,
    failNext: (status, body) => void queued.push({ status, body: body ?? { object: 'error', type: status === 429 ? 'rate_limit_error' : 'api_error', details: [{ code: `fake.${status}`, message: 'fake' }] } }),
    slowNext: (ms) => void queued.push({ slowMs: ms }),
    sign: signBody,
    eventOf,
    post,
    pay: async (accountNo, url, o = {}) => {
      for (const order of orders.values()) {
        const c = order.charges.data.find((ch) => ch.payment_method.clabe === accountNo || ch.payment_method.reference === accountNo)
        if (!c) continue
        c.status = 'paid'
        c.paid_at = Math.floor((o.paidAt ?? new Date()).getTime() / 1000)
        // Conekta's fee on SPEI and OXXO: a percentage plus a fixed part; the fake keeps 2.9 % + 5 pesos unless told
        c.fee = o.fee ?? Math.round(c.amount * 0.029) + 500
        order.payment_status = 'paid'
        const { body, headers } = eventOf('order.paid', order)
        const answer = await post(url, body, headers)
        return { ...answer, event: body }
      }
      throw new Error('the fake issued no such CLABE or reference')
    },
  }
  return fake
}
