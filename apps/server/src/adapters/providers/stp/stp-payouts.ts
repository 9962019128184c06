import type { IncomingHttpHeaders } from 'node:http'
import type { KeyObject } from 'node:crypto'
import { z } from 'zod'
import { isValidClabe, localDate } from '@kilat/domain'
import {
  PayoutUnavailable,
  type PayoutCallbackEvent,
  type PayoutInput,
  type PayoutProvider,
  type PayoutResult,
  type PayoutStatusAnswer,
  type VerifiedPayoutCallback,
  type PayoutDestination,
} from '../../payouts/payout-provider.js'
import { ProviderHttp, ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderLog } from '../provider-http.js'
import { mapStpRefusal } from './errors.js'
import type { StpSettings } from './settings.js'
import { loadPrivateKey, orderCadena, queryCadena, signCadena } from './signing.js'

/**
 * STP's SPEI transfers (docs/operations/providers/stp.md, docs/decisions/0020-mexico-spei-payouts.md):
 * an order registered with `PUT /ordenPago/registra`, signed by us over its cadena original, paid to
 * the borrower's CLABE; its tracking key (`claveRastreo`) is made from our reference, so it is the
 * idempotency key: STP refuses a key used before, and the adapter then asks that order back.
 *
 * STP's status callbacks are NOT signed. verifyCallback reads one and checks it names our company;
 * confirmCallback then asks STP for the order by its key, with our signed query, and keeps the
 * callback only when STP's own answer agrees. The webhook must call both (and the address should
 * be open to STP's addresses only).
 */

export const STP = 'stp'
/** STP's own institution code: the operating institution of every order we send. */
export const STP_INSTITUTION = 90646
/** A CLABE, in `tipoCuentaBeneficiario`/`tipoCuentaOrdenante`. */
const ACCOUNT_TYPE_CLABE = 40
/** Third party to third party. */
const PAYMENT_TYPE = 1
const TRACKING_PREFIX = 'KLT'

export type { PayoutDestination }

export type StpPayoutInput = PayoutInput

export interface StpOptions {
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
  timeoutMs?: number | undefined
  retries?: number | undefined
  backoffMs?: number | undefined
}

const registered = z.object({ resultado: z.object({ id: z.number().int(), descripcionError: z.string().optional() }) })

const orderPago = z.object({
  idEF: z.number().int(),
  claveRastreo: z.string(),
  estado: z.string(),
  monto: z.number(),
  cuentaBeneficiario: z.string(),
  causaDevolucion: z.union([z.number(), z.string()]).nullable().optional(),
  tsLiquidacion: z.number().nullable().optional(),
  tsDevolucion: z.number().nullable().optional(),
  tsCaptura: z.number().nullable().optional(),
})

const found = z.object({ resultado: z.object({ id: z.number().int(), descripcionError: z.string().optional(), ordenPago: orderPago.optional() }) })

const balances = z.object({ resultado: z.object({ id: z.number().int().optional(), descripcionError: z.string().optional(), saldos: z.array(z.unknown()).optional() }) })

/** The body of STP's "cambio de estado" callback. */
const callback = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]),
  empresa: z.string().min(1).max(40),
  folioOrigen: z.string().min(1).max(60),
  estado: z.string().min(1).max(40),
  causaDevolucion: z.union([z.string(), z.number()]).nullable().optional(),
  tsLiquidacion: z.union([z.string().regex(/^\d{1,16}$/), z.number().int()]).nullable().optional(),
})

/** STP's states of a sent order: settled, returned or cancelled are final, the rest on its way. */
const COMPLETED_STATES = new Set(['LQ', 'TLQ', 'EXITOSA', 'LIQUIDADA', 'LIQUIDACION'])
const FAILED_STATES = new Set(['D', 'CN', 'TCL', 'DEVUELTA', 'CANCELADA', 'DEVOLUCION', 'CANCELACION'])

/** Banxico's return reasons STP reports (`causaDevolucion`), the usual ones in our words. */
const RETURN_REASONS: Record<string, string> = {
  '1': 'the destination account does not exist',
  '2': 'the destination account is blocked',
  '3': 'the destination account is cancelled',
  '5': 'the destination account is in another currency',
  '6': 'the destination account does not belong to the bank',
  '13': 'the beneficiary does not recognise the payment',
  '14': 'a required field was missing',
  '15': 'the payment type is wrong',
  '16': 'the operation type is wrong',
  '17': 'the account type is wrong for this payment',
}

const reasonOf = (cause: unknown) => {
  const code = cause === null || cause === undefined ? '' : String(cause).trim()
  return `returned by the destination bank: ${RETURN_REASONS[code] ?? (code ? `reason ${code}` : 'no reason given')}`
}

/** Letters of a name as SPEI carries them: no accents, no symbols, at most 39. */
function speiText(text: string, max = 39): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
}

/** Our payout's reference as STP's tracking key, and back. */
export function trackingKeyOf(reference: string): string {
  if (!/^\d{1,20}$/.test(reference)) throw new RangeError('a payout reference is our request id')
  return `${TRACKING_PREFIX}${reference}`
}

function referenceOf(trackingKey: string): string | undefined {
  const m = /^KLT(\d{1,20})$/.exec(trackingKey.trim())
  return m?.[1]
}

/** Cents to STP's pesos with two decimals, refused when not whole cents. */
function pesosOf(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`not an amount in cents: ${amount}`)
  return amount / 100
}

/** yyyymmdd of a Mexico City day, as STP dates its operations. */
const operationDay = (at: Date) => localDate(at, 'MX').replaceAll('-', '')

export class StpPayouts implements PayoutProvider, CheckableProvider {
  readonly name = STP
  private readonly http: ProviderHttp
  private readonly key: KeyObject
  private readonly log: ProviderLog | undefined

  constructor(
    private readonly settings: StpSettings,
    options: StpOptions = {},
  ) {
    this.log = options.log
    this.key = loadPrivateKey(settings.privateKey, settings.privateKeyPassphrase)
    this.http = new ProviderHttp({
      provider: STP,
      baseUrl: settings.apiUrl,
      headers: () => ({}),
      timeoutMs: options.timeoutMs,
      retries: options.retries,
      backoffMs: options.backoffMs,
      fetch: options.fetch,
      log: options.log,
    })
  }

  async send(input: StpPayoutInput, signal?: AbortSignal): Promise<PayoutResult> {
    if (input.market !== 'MX') return { ok: false, reason: `STP pays out in Mexico only, not ${input.market}` }
    const destination = input.destination
    if (!destination) return { ok: false, reason: 'no destination account: STP pays to a CLABE' }
    if (!isValidClabe(destination.accountNumber)) return { ok: false, reason: 'the destination CLABE fails its check digit' }
    if (!/^\d{5}$/.test(destination.channelCode) || destination.channelCode.slice(2) !== destination.accountNumber.slice(0, 3)) {
      return { ok: false, reason: 'the destination bank does not match the CLABE' }
    }
    const holderName = speiText(destination.holderName)
    if (holderName === '') return { ok: false, reason: "the destination holder's name is empty" }
    const claveRastreo = trackingKeyOf(input.reference)
    const monto = pesosOf(input.amount)
    const order = {
      institucionContraparte: destination.channelCode,
      empresa: this.settings.company,
      folioOrigen: claveRastreo,
      claveRastreo,
      institucionOperante: STP_INSTITUTION,
      monto,
      tipoPago: PAYMENT_TYPE,
      tipoCuentaOrdenante: ACCOUNT_TYPE_CLABE,
      nombreOrdenante: this.settings.payerName,
      cuentaOrdenante: this.settings.account,
      tipoCuentaBeneficiario: ACCOUNT_TYPE_CLABE,
      nombreBeneficiario: holderName,
      cuentaBeneficiario: destination.accountNumber,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: speiText(`Prestamo Kilat ${input.orderNo}`),
      // 7 digits the borrower's bank shows; from our reference, never 0
      referenciaNumerica: (Number(BigInt(input.reference) % 9_999_999n) || 0) + 1,
    }
    const answer = await this.unknownOnSilence(() =>
      this.http.request({
        method: 'PUT',
        path: '/ordenPago/registra',
        json: { ...order, firma: signCadena(this.key, orderCadena(order)) },
        // the tracking key is the idempotency key: a repeat is refused as used, and found below
        idempotency: { bodyField: 'claveRastreo' },
        schema: registered,
        signal,
      }),
    )
    if (!answer.ok) throw new PayoutUnavailable(`STP answered HTTP ${answer.status} to an order`)
    const { id, descripcionError } = answer.body.resultado
    if (descripcionError === undefined && id > 0) return { ok: true, providerRef: String(id) }
    const refusal = mapStpRefusal(id, descripcionError ?? '')
    this.log?.warn({ provider: STP, claveRastreo, stpId: id, outcome: refusal.kind }, 'STP refused an order')
    if (refusal.kind === 'refused') return { ok: false, reason: refusal.reason }
    if (refusal.kind === 'unknown') throw new PayoutUnavailable(refusal.detail)
    // the key was used: by an earlier attempt of this payout whose answer was lost, if STP's order is this one
    const earlier = await this.find(claveRastreo, signal)
    if (!earlier) throw new PayoutUnavailable('STP says the tracking key was used but does not find its order')
    if (earlier.cuentaBeneficiario !== destination.accountNumber || Math.round(earlier.monto * 100) !== input.amount) {
      return { ok: false, reason: 'the tracking key was used by another transfer' }
    }
    return { ok: true, providerRef: String(earlier.idEF) }
  }

  async status(reference: string, signal?: AbortSignal): Promise<PayoutStatusAnswer> {
    const order = await this.find(trackingKeyOf(reference), signal)
    if (!order) return { status: 'unknown' }
    const providerRef = String(order.idEF)
    const estado = order.estado.trim().toUpperCase()
    if (COMPLETED_STATES.has(estado)) return { status: 'completed', providerRef, completedAt: new Date(order.tsLiquidacion ?? Date.now()) }
    if (FAILED_STATES.has(estado)) return { status: 'failed', providerRef, reason: estado === 'D' ? reasonOf(order.causaDevolucion) : 'cancelled by STP' }
    return { status: 'accepted', providerRef }
  }

  /**
   * Reads STP's status callback. It carries no signature: what this checks is that it is about our
   * company and one of our tracking keys, and well formed. The event is not to be trusted before
   * confirmCallback agreed with it.
   */
  verifyCallback(rawBody: Buffer, _headers: IncomingHttpHeaders, now = new Date()): VerifiedPayoutCallback {
    let parsed: z.infer<typeof callback>
    try {
      const result = callback.safeParse(JSON.parse(rawBody.toString('utf8')))
      if (!result.success) return { ok: false, reason: 'malformed' }
      parsed = result.data
    } catch {
      return { ok: false, reason: 'malformed' }
    }
    if (parsed.empresa !== this.settings.company) return { ok: false, reason: 'badSignature' }
    const reference = referenceOf(parsed.folioOrigen)
    if (!reference) return { ok: false, reason: 'malformed' }
    const estado = parsed.estado.trim().toUpperCase()
    const status = COMPLETED_STATES.has(estado) ? 'completed' : FAILED_STATES.has(estado) ? 'failed' : undefined
    if (!status) return { ok: false, reason: 'malformed' }
    const ts = parsed.tsLiquidacion === null || parsed.tsLiquidacion === undefined ? undefined : Number(parsed.tsLiquidacion)
    const event: PayoutCallbackEvent = {
      eventId: `${parsed.id}:${status}`,
      reference,
      providerRef: String(parsed.id),
      status,
      reason: status === 'failed' ? (estado.startsWith('CANCEL') || estado === 'CN' ? 'cancelled by STP' : reasonOf(parsed.causaDevolucion)) : null,
      at: ts ? new Date(ts) : now,
      raw: parsed,
    }
    return { ok: true, event }
  }

  /**
   * The callback's truth, from STP itself: the order asked back by its tracking key with our signed
   * query. Kept (with STP's own time and reason) only when STP says the same final state of the
   * same order; refused as forged otherwise. Throws when STP cannot be asked (the webhook answers
   * 5xx and STP sends it again).
   */
  async confirmCallback(event: PayoutCallbackEvent): Promise<VerifiedPayoutCallback> {
    const truth = await this.status(event.reference)
    if ((truth.status === 'completed' || truth.status === 'failed') && truth.status === event.status && truth.providerRef === event.providerRef) {
      return {
        ok: true,
        event: { ...event, at: truth.status === 'completed' ? truth.completedAt : event.at, reason: truth.status === 'failed' ? truth.reason : null },
      }
    }
    this.log?.warn({ provider: STP, reference: event.reference, claimed: event.status, stp: truth.status }, 'STP callback not confirmed by STP')
    return { ok: false, reason: 'badSignature' }
  }

  /** The day's sent and received totals: harmless, signed, so it proves the key and the company. */
  async check(expectedCallbackUrl: string): Promise<ProviderCheck> {
    const callbackDetail = `STP's API does not say where it posts status changes: ask STP to confirm ${expectedCallbackUrl}`
    try {
      const empresa = this.settings.company
      const answer = await this.http.request({ method: 'POST', path: '/ordenPago/consSaldoEnvRec', json: { empresa, firma: signCadena(this.key, queryCadena({ empresa })) }, readOnly: true, schema: balances })
      if (!answer.ok) return { provider: STP, keys: 'unreachable', callback: 'unknown', detail: `POST /ordenPago/consSaldoEnvRec answered HTTP ${answer.status}` }
      const { descripcionError } = answer.body.resultado
      if (descripcionError !== undefined && /firma|empresa/i.test(descripcionError)) {
        return { provider: STP, keys: 'refused', callback: 'unknown', detail: 'STP refused our signature: check STP_PRIVATE_KEY and STP_COMPANY' }
      }
      return { provider: STP, keys: 'ok', callback: 'unknown', detail: `the day's balance answered; ${callbackDetail}` }
    } catch (error) {
      return { provider: STP, keys: 'unreachable', callback: 'unknown', detail: error instanceof Error ? error.message : 'no answer' }
    }
  }

  /**
   * An order we sent, by its tracking key: today's operations first (STP's default), then the
   * previous day's, for an order sent before midnight and asked after.
   */
  private async find(claveRastreo: string, signal?: AbortSignal): Promise<z.infer<typeof orderPago> | undefined> {
    const yesterday = operationDay(new Date(Date.now() - 86_400_000))
    for (const fechaOperacion of [undefined, yesterday]) {
      const query = { empresa: this.settings.company, claveRastreo, institucionOperante: STP_INSTITUTION, ...(fechaOperacion ? { fechaOperacion } : {}) }
      const answer = await this.unknownOnSilence(() =>
        this.http.request({ method: 'POST', path: '/ordenPago/consOrdEnvRastreo', json: { ...query, firma: signCadena(this.key, queryCadena(query)) }, readOnly: true, schema: found, signal }),
      )
      if (!answer.ok) throw new PayoutUnavailable(`STP answered HTTP ${answer.status} to a query`)
      const { ordenPago, descripcionError, id } = answer.body.resultado
      if (ordenPago) return ordenPago
      if (descripcionError !== undefined && !/no se encontr/i.test(descripcionError)) {
        const refusal = mapStpRefusal(id, descripcionError)
        throw new PayoutUnavailable(refusal.kind === 'unknown' ? refusal.detail : `STP refused a query (${id})`)
      }
    }
    return undefined
  }

  /** ProviderHttp's silence (timeouts, 5xx, 429) as the payout outbox expects it: unknown, retried with the same key. */
  private async unknownOnSilence<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw new PayoutUnavailable(error.message)
      throw error
    }
  }
}
