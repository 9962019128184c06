import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto'
import { isValidClabe, makeClabe } from '@kilat/domain'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeHandler, type FakeRequest } from './fake-api.js'

/**
 * STP's SPEI API as its documentation describes it (docs/operations/providers/stp.md): orders
 * registered with `PUT /speiws/rest/ordenPago/registra`, signed by the company over the cadena
 * original (RSA-SHA256, base64: the only authentication), answered HTTP 200 with
 * `resultado: { id }` or `resultado: { id, descripcionError }`; a sent order asked back by its
 * tracking key (`POST .../consOrdEnvRastreo`); the day's totals (`POST .../consSaldoEnvRec`); and
 * the unsigned "cambio de estado" callback it posts when an order settles or is returned. Written
 * by us from the documented fields; this file builds its own cadenas, apart from the adapter's.
 */

export interface StpFakeOptions {
  /** Our company at the fake; `KILAT` by default. */
  company?: string
  /** The CLABE the company's payouts leave from. */
  account?: string
}

export interface FakeStpOrder {
  idEF: number
  claveRastreo: string
  folioOrigen: string
  empresa: string
  estado: string
  monto: number
  cuentaBeneficiario: string
  cuentaOrdenante: string
  institucionContraparte: string
  nombreBeneficiario: string
  conceptoPago: string
  referenciaNumerica: number
  fechaOperacion: number
  causaDevolucion: number | null
  tsCaptura: number
  tsLiquidacion: number | null
  tsDevolucion: number | null
}

export interface StpFake extends FakeApi {
  /** STP_API_URL for the adapter. */
  apiUrl: string
  company: string
  account: string
  /** PEM of the company's private key: STP_PRIVATE_KEY. STP holds its public half. */
  privateKeyPem: string
  orders: Map<string, FakeStpOrder>
  /** CLABEs the fake says do not exist (-7). */
  missingAccounts: Set<string>
  /** The next call answers this instead (HTTP 500, 429, …): once per call queued. */
  failNext(status: number, body?: unknown): void
  /** The next order is registered, but its answer is lost (HTTP 500): a retry meets its tracking key. */
  loseNextAnswer(): void
  /** The next call answers normally, but only after `ms`. */
  slowNext(ms: number): void
  /** The next order is refused with STP's id and description. */
  refuseNext(id: number, descripcionError: string): void
  /** The order settles (LQ); its callback is posted to `url` when given. */
  complete(claveRastreo: string, url?: string): Promise<{ status: number; body: string } | undefined>
  /** The order is returned by the destination bank (D) with Banxico's reason; posted to `url` when given. */
  fail(claveRastreo: string, causaDevolucion: number, url?: string): Promise<{ status: number; body: string } | undefined>
  /** The callback STP would post for the order in its present state. */
  callbackOf(claveRastreo: string): string
  post(url: string, body: string): Promise<{ status: number; body: string }>
}

const ORDER_FIELDS =
  'institucionContraparte empresa fechaOperacion folioOrigen claveRastreo institucionOperante monto tipoPago tipoCuentaOrdenante nombreOrdenante cuentaOrdenante rfcCurpOrdenante tipoCuentaBeneficiario nombreBeneficiario cuentaBeneficiario rfcCurpBeneficiario emailBeneficiario tipoCuentaBeneficiario2 nombreBeneficiario2 cuentaBeneficiario2 rfcCurpBeneficiario2 conceptoPago conceptoPago2 claveCatUsuario1 claveCatUsuario2 clavePago referenciaCobranza referenciaNumerica tipoOperacion topologia usuario medioEntrega prioridad iva'.split(' ')

const REQUIRED = ['claveRastreo', 'conceptoPago', 'cuentaBeneficiario', 'cuentaOrdenante', 'empresa', 'institucionContraparte', 'institucionOperante', 'monto', 'nombreBeneficiario', 'referenciaNumerica', 'tipoCuentaBeneficiario', 'tipoPago', 'firma']

const result = (id: number, descripcionError?: string): FakeAnswer => ({ status: 200, body: { resultado: descripcionError === undefined ? { id } : { id, descripcionError } } })

function signedBy(key: KeyObject, cadena: string, firma: unknown): boolean {
  if (typeof firma !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(firma)) return false
  try {
    return verify('sha256', Buffer.from(cadena, 'utf8'), key, Buffer.from(firma, 'base64'))
  } catch {
    return false
  }
}

/** A query's cadena: the company, the operation day, the tracking key and the institution, in STP's places. */
const queryCadena = (b: Record<string, unknown>) =>
  `|||${String(b.empresa)}|${String(b.fechaOperacion ?? '')}||${String(b.claveRastreo ?? '')}|${String(b.institucionOperante ?? '')}${'|'.repeat(30)}`

const mexicoDay = (at: Date) => Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at).replaceAll('-', ''))

export async function startStpFake(options: StpFakeOptions = {}): Promise<StpFake> {
  const company = options.company ?? 'KILAT'
  const account = options.account ?? makeClabe('646', '180', '11181234567')
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const orders = new Map<string, FakeStpOrder>()
  const missingAccounts = new Set<string>()
  type Queued = { answer: FakeAnswer } | { slowMs: number } | { lose: true } | { refuse: [number, string] }
  const queued: Queued[] = []
  let nextId = 9_349_800

  const route =
    (handle: (req: FakeRequest, next: Queued | undefined) => FakeAnswer): FakeHandler =>
    (req) => {
      const next = queued.shift()
      if (next && 'answer' in next) return next.answer
      const answer = handle(req, next)
      return next && 'slowMs' in next ? { ...answer, delayMs: next.slowMs } : answer
    }

  const registra = route((req, next) => {
    const b = req.body ?? {}
    for (const field of REQUIRED) if (b[field] === undefined || b[field] === '') return result(0, `El campo ${field} es obligatorio`)
    const cadena = `||${ORDER_FIELDS.map((f) => (b[f] === undefined ? '' : f === 'monto' || f === 'iva' ? Number(b[f]).toFixed(2) : String(b[f]))).join('|')}||`
    if (b.empresa !== company || !signedBy(publicKey, cadena, b.firma)) return result(0, 'Error validando la firma')
    if (next && 'refuse' in next) return result(...next.refuse)
    // pesos with at most two decimals: cents sent as pesos would be 100 times the amount, a fraction of a cent is no amount
    if (typeof b.monto !== 'number' || b.monto <= 0 || Math.abs(Math.round(b.monto * 100) - b.monto * 100) > 1e-6) return result(-20, `El monto {${String(b.monto)}} no es válido`)
    if (typeof b.claveRastreo !== 'string' || !/^[A-Za-z0-9]{1,30}$/.test(b.claveRastreo)) return result(-34, 'Clave rastreo invalida')
    if (orders.has(b.claveRastreo)) return result(-1, `La clave de rastreo {${b.claveRastreo}} ya fue utilizada`)
    if (b.cuentaOrdenante !== account) return result(-7, `La cuenta {${String(b.cuentaOrdenante)}} no existe`)
    const clabe = String(b.cuentaBeneficiario)
    if (Number(b.tipoCuentaBeneficiario) !== 40) return result(-11, `El tipo de cuenta ${String(b.tipoCuentaBeneficiario)} es invalido`)
    if (!isValidClabe(clabe) || missingAccounts.has(clabe)) return result(-7, `La cuenta {${clabe}} no existe`)
    const institucion = String(b.institucionContraparte)
    if (!/^\d{5}$/.test(institucion)) return result(-9, `La Institucion ${institucion} no es valida`)
    if (institucion.slice(2) !== clabe.slice(0, 3)) return result(-22, `La cuenta ${clabe} no coincide para la institucion operante`)
    if (clabe === account) return result(-24, `Cuenta {${clabe}} - {MISMA_CUENTA}`)
    nextId += 1
    const now = new Date()
    orders.set(b.claveRastreo, {
      idEF: nextId,
      claveRastreo: b.claveRastreo,
      folioOrigen: String(b.folioOrigen ?? b.claveRastreo),
      empresa: company,
      estado: 'L',
      monto: b.monto,
      cuentaBeneficiario: clabe,
      cuentaOrdenante: account,
      institucionContraparte: institucion,
      nombreBeneficiario: String(b.nombreBeneficiario),
      conceptoPago: String(b.conceptoPago),
      referenciaNumerica: Number(b.referenciaNumerica),
      fechaOperacion: mexicoDay(now),
      causaDevolucion: null,
      tsCaptura: now.getTime(),
      tsLiquidacion: null,
      tsDevolucion: null,
    })
    if (next && 'lose' in next) return { status: 500, body: { error: 'Internal Server Error' } }
    return result(nextId)
  })

  const consulta = route((req) => {
    const b = req.body ?? {}
    if (b.empresa !== company || !signedBy(publicKey, queryCadena(b), b.firma)) return result(0, 'Error validando la firma')
    const order = orders.get(String(b.claveRastreo))
    const day = b.fechaOperacion === undefined ? mexicoDay(new Date()) : Number(b.fechaOperacion)
    if (!order || order.fechaOperacion !== day) return result(-100, `No se encontró la orden con clave de rastreo ${String(b.claveRastreo)}`)
    return { status: 200, body: { resultado: { id: 1, ordenPago: { ...order, institucionOperante: 90646, tipoCuentaBeneficiario: 40, tipoCuentaOrdenante: 40, tipoPago: 1 } } } }
  })

  const saldos = route((req) => {
    const b = req.body ?? {}
    if (b.empresa !== company || !signedBy(publicKey, queryCadena(b), b.firma)) return result(0, 'Error validando la firma')
    const sent = [...orders.values()]
    return { status: 200, body: { resultado: { saldos: [{ empresa: company, montoTotal: sent.reduce((s, o) => s + o.monto, 0), tipoOperacion: 'E', totalOperaciones: sent.length }] } } }
  })

  const api = await startFakeApi([
    { method: 'PUT', pattern: '/speiws/rest/ordenPago/registra', handle: registra },
    { method: 'POST', pattern: '/speiws/rest/ordenPago/consOrdEnvRastreo', handle: consulta },
    { method: 'POST', pattern: '/speiws/rest/ordenPago/consSaldoEnvRec', handle: saldos },
  ])

  const post: StpFake['post'] = async (url, body) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return { status: response.status, body: await response.text() }
  }

  const callbackOf = (claveRastreo: string) => {
    const o = orders.get(claveRastreo)
    if (!o) throw new Error(`the fake has no order ${claveRastreo}`)
    const estado = o.estado === 'LQ' ? 'Exitosa' : o.estado === 'D' ? 'Devuelta' : o.estado === 'CN' ? 'Cancelada' : o.estado
    return JSON.stringify({ id: o.idEF, empresa: o.empresa, folioOrigen: o.folioOrigen, estado, causaDevolucion: o.causaDevolucion === null ? '' : String(o.causaDevolucion), tsLiquidacion: String(o.tsLiquidacion ?? o.tsDevolucion ?? '') })
  }

  const settle = async (claveRastreo: string, change: (o: FakeStpOrder) => void, url?: string) => {
    const o = orders.get(claveRastreo)
    if (!o) throw new Error(`the fake has no order ${claveRastreo}`)
    change(o)
    return url ? post(url, callbackOf(claveRastreo)) : undefined
  }

  return {
    ...api,
    apiUrl: `${api.url}/speiws/rest`,
    company,
    account,
    privateKeyPem,
    orders,
    missingAccounts,
    failNext: (status, body) => void queued.push({ answer: { status, body: body ?? { error: status === 429 ? 'Too Many Requests' : 'Internal Server Error' } } }),
    loseNextAnswer: () => void queued.push({ lose: true }),
    slowNext: (ms) => void queued.push({ slowMs: ms }),
    refuseNext: (id, descripcionError) => void queued.push({ refuse: [id, descripcionError] }),
    complete: (claveRastreo, url) =>
      settle(
        claveRastreo,
        (o) => {
          o.estado = 'LQ'
          o.tsLiquidacion = Date.now()
        },
        url,
      ),
    fail: (claveRastreo, causaDevolucion, url) =>
      settle(
        claveRastreo,
        (o) => {
          o.estado = 'D'
          o.causaDevolucion = causaDevolucion
          o.tsDevolucion = Date.now()
        },
        url,
      ),
    callbackOf,
    post,
  }
}
