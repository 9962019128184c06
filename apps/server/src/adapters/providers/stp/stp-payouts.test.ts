import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cents, makeClabe } from '@kilat/domain'
import { PayoutUnavailable, type VerifiedPayoutCallback } from '../../payouts/payout-provider.js'
import { startFakeApi, type FakeApi } from '../../../test/fakes/fake-api.js'
import { startStpFake, type StpFake } from '../../../test/fakes/stp.js'
import { readStpSettings, type StpSettings } from './settings.js'
import { loadPrivateKey, orderCadena, signCadena } from './signing.js'
import { StpPayouts, trackingKeyOf, type StpPayoutInput } from './stp-payouts.js'

let fake: StpFake
let receiver: FakeApi
let settings: StpSettings
const confirmed: VerifiedPayoutCallback[] = []
const warnings: Array<Record<string, unknown>> = []
const log = { warn: (details: Record<string, unknown>) => void warnings.push(details) }

const payouts = (over: Partial<StpSettings> = {}, timeoutMs = 300) => new StpPayouts({ ...settings, ...over }, { log, timeoutMs, retries: 2, backoffMs: 5 })
// Banorte (072): institution 40072
const banorte = makeClabe('072', '180', '00012345678')
let nextReference = 5000
const input = (over: Partial<StpPayoutInput> = {}): StpPayoutInput => ({
  reference: String((nextReference += 1)),
  orderNo: 'MX2026000123',
  amount: cents(250_050),
  market: 'MX',
  destination: { channelCode: '40072', accountNumber: banorte, holderName: 'José Pérez Núñez' },
  ...over,
})
const registrations = () => fake.calls.filter((c) => c.path.endsWith('/registra'))

beforeAll(async () => {
  fake = await startStpFake()
  settings = readStpSettings({ STP_COMPANY: fake.company, STP_ACCOUNT: fake.account, STP_PRIVATE_KEY: fake.privateKeyPem, STP_API_URL: fake.apiUrl, STP_PAYER_NAME: 'KILAT SA DE CV' })!
  // our payout webhook as the lead would wire it for STP: read, then confirmed with STP, then stored
  receiver = await startFakeApi([
    {
      method: 'POST',
      pattern: '/h5-api/v3/payouts/callback/stp',
      handle: async (req) => {
        const read = payouts().verifyCallback(req.rawBody, req.headers)
        const verified = read.ok ? await payouts().confirmCallback(read.event) : read
        confirmed.push(verified)
        return { status: verified.ok ? 200 : 401, body: verified.ok ? { mensaje: 'recibido' } : {} }
      },
    },
  ])
})

afterAll(async () => {
  await fake.close()
  await receiver.close()
})

beforeEach(() => {
  fake.calls.length = 0
  warnings.length = 0
  confirmed.length = 0
})

describe('send', () => {
  it('registers a signed order: pesos with two decimals, our tracking key, the CLABE and a SPEI-safe name', async () => {
    const i = input()
    const result = await payouts().send(i)
    expect(result).toEqual({ ok: true, providerRef: String(fake.orders.get(trackingKeyOf(i.reference))!.idEF) })
    const body = registrations()[0]!.body!
    expect(body).toMatchObject({
      empresa: 'KILAT',
      claveRastreo: `KLT${i.reference}`,
      folioOrigen: `KLT${i.reference}`,
      monto: 2500.5,
      cuentaOrdenante: fake.account,
      cuentaBeneficiario: banorte,
      institucionContraparte: '40072',
      institucionOperante: 90646,
      nombreBeneficiario: 'Jose Perez Nunez',
      tipoCuentaBeneficiario: 40,
      tipoPago: 1,
    })
    expect(String(body.referenciaNumerica)).toMatch(/^\d{1,7}$/)
  })

  it('without a destination, or with a CLABE that fails its check digit or another bank: a definite refusal, nothing sent', async () => {
    expect(await payouts().send(input({ destination: undefined }))).toEqual({ ok: false, reason: 'no destination account: STP pays to a CLABE' })
    const typo = banorte.slice(0, 17) + String((Number(banorte[17]) + 1) % 10)
    expect(await payouts().send(input({ destination: { channelCode: '40072', accountNumber: typo, holderName: 'x' } }))).toMatchObject({ ok: false, reason: 'the destination CLABE fails its check digit' })
    expect(await payouts().send(input({ destination: { channelCode: '40012', accountNumber: banorte, holderName: 'x' } }))).toMatchObject({ ok: false, reason: 'the destination bank does not match the CLABE' })
    expect(await payouts().send(input({ market: 'ID' }))).toMatchObject({ ok: false })
    expect(registrations()).toHaveLength(0)
  })

  it('refuses a fractional cent before sending; the fake refuses an amount with a fraction of a cent', async () => {
    await expect(payouts().send(input({ amount: 100.5 as never }))).rejects.toThrow(RangeError)
    expect(registrations()).toHaveLength(0)
  })

  it('the fake refuses what STP refuses: a fraction of a cent (-20), a missing field, an unsigned order', async () => {
    const key = loadPrivateKey(fake.privateKeyPem, undefined)
    const order = (over: Record<string, string | number>): Record<string, string | number> => {
      const o: Record<string, string | number> = {
        institucionContraparte: '40072', empresa: fake.company, claveRastreo: `KLT9${nextReference++}`, institucionOperante: 90646, monto: 10.5, tipoPago: 1,
        tipoCuentaOrdenante: 40, cuentaOrdenante: fake.account, tipoCuentaBeneficiario: 40, nombreBeneficiario: 'Ana', cuentaBeneficiario: banorte,
        rfcCurpBeneficiario: 'ND', conceptoPago: 'Prueba', referenciaNumerica: 1234567, ...over,
      }
      return { ...o, firma: signCadena(key, orderCadena(o)) }
    }
    const put = async (body: unknown) => (await (await fetch(`${fake.apiUrl}/ordenPago/registra`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { resultado: { id: number; descripcionError?: string } }
    expect((await put(order({ monto: 10.505 }))).resultado.id).toBe(-20)
    const { conceptoPago: _, ...missing } = order({})
    expect((await put(missing)).resultado).toEqual({ id: 0, descripcionError: 'El campo conceptoPago es obligatorio' })
    expect((await put({ ...order({}), monto: 99 })).resultado).toEqual({ id: 0, descripcionError: 'Error validando la firma' })
    expect((await put(order({}))).resultado.id).toBeGreaterThan(0)
  })

  it.each([
    [-7, 'La cuenta {072180000123456787} no existe', 'the destination account does not exist (STP -7)'],
    [-9, 'La Institucion 40999 no es valida', 'the destination bank is not valid (STP -9)'],
    [-11, 'El tipo de cuenta 3 es invalido', 'the destination account type is not valid (STP -11)'],
    [-20, 'El monto {1.234} no es válido', 'the amount is not valid (STP -20)'],
    [-22, 'La cuenta no coincide para la institucion operante', 'the destination bank does not match the CLABE (STP -22)'],
    [-24, 'Cuenta {646180111812345673} - {MISMA_CUENTA}', 'the destination is our own account (STP -24)'],
    [-34, 'Clave rastreo invalida', 'the tracking key is not valid (STP -34)'],
    [-200, 'Orden sin cuenta ordenante. Se rechaza por PLD', 'refused by STP anti money laundering checks (STP -200)'],
    [0, 'El campo conceptoPago es obligatorio', 'a required field was missing (STP 0)'],
  ])('maps STP %i to a definite refusal', async (id, description, reason) => {
    fake.refuseNext(id, description)
    expect(await payouts().send(input())).toEqual({ ok: false, reason })
    expect(JSON.stringify(warnings)).not.toContain(banorte)
  })

  it('a destination STP does not know is refused by the fake itself (-7)', async () => {
    const unknown = makeClabe('072', '180', '99999999999')
    fake.missingAccounts.add(unknown)
    expect(await payouts().send(input({ destination: { channelCode: '40072', accountNumber: unknown, holderName: 'Ana' } }))).toEqual({ ok: false, reason: 'the destination account does not exist (STP -7)' })
  })

  it('an unknown outcome is thrown: no answer from its service, a code we do not know', async () => {
    fake.refuseNext(0, 'No se recibió respuesta del servicio')
    await expect(payouts().send(input())).rejects.toThrow(PayoutUnavailable)
    fake.refuseNext(-77, 'Algo nuevo')
    await expect(payouts().send(input())).rejects.toThrow(PayoutUnavailable)
  })

  it('a wrong key: STP refuses the signature, thrown as unknown (retried once the key is fixed), the key never logged', async () => {
    const other = await startStpFake()
    try {
      const wrong = payouts({ privateKey: other.privateKeyPem })
      await expect(wrong.send(input())).rejects.toThrow(/signature/)
      expect(JSON.stringify(warnings)).not.toContain('PRIVATE KEY')
    } finally {
      await other.close()
    }
  })

  it('a 500 then success: retried with the same tracking key, one order at STP', async () => {
    fake.failNext(500)
    const i = input()
    const result = await payouts().send(i)
    expect(result.ok).toBe(true)
    expect(registrations()).toHaveLength(2)
    expect(new Set(registrations().map((c) => c.body!.claveRastreo))).toEqual(new Set([`KLT${i.reference}`]))
    expect([...fake.orders.keys()].filter((k) => k === `KLT${i.reference}`)).toHaveLength(1)
  })

  it('an answer lost after STP registered the order: the retry meets the used key and finds the same order', async () => {
    fake.loseNextAnswer()
    const i = input()
    const result = await payouts().send(i)
    expect(result).toEqual({ ok: true, providerRef: String(fake.orders.get(`KLT${i.reference}`)!.idEF) })
    expect(registrations()).toHaveLength(2)
    // and sending the same payout again later answers the first result, never a second transfer
    expect(await payouts().send(i)).toEqual(result)
    expect(fake.orders.size).toBe(new Set(fake.orders.keys()).size)
  })

  it('a used tracking key whose order is another transfer is refused, not taken as ours', async () => {
    const i = input()
    await payouts().send(i)
    expect(await payouts().send({ ...i, amount: cents(100) })).toEqual({ ok: false, reason: 'the tracking key was used by another transfer' })
  })

  it('429 is thrown as unknown without retrying in place; a slow answer past the timeout too, after the retries', async () => {
    fake.failNext(429)
    await expect(payouts().send(input())).rejects.toThrow(PayoutUnavailable)
    expect(registrations()).toHaveLength(1)
    fake.calls.length = 0
    fake.slowNext(400)
    fake.slowNext(400)
    fake.slowNext(400)
    await expect(payouts({}, 100).send(input())).rejects.toThrow(PayoutUnavailable)
    expect(registrations()).toHaveLength(3)
  })
})

describe('status', () => {
  it('unknown, accepted, completed, failed with the bank\'s reason', async () => {
    expect(await payouts().status('424242')).toEqual({ status: 'unknown' })
    const i = input()
    const sent = await payouts().send(i)
    const providerRef = sent.ok ? sent.providerRef : ''
    expect(await payouts().status(i.reference)).toEqual({ status: 'accepted', providerRef })
    await fake.complete(`KLT${i.reference}`)
    expect(await payouts().status(i.reference)).toMatchObject({ status: 'completed', providerRef })
    const j = input()
    await payouts().send(j)
    await fake.fail(`KLT${j.reference}`, 1)
    expect(await payouts().status(j.reference)).toMatchObject({ status: 'failed', reason: 'returned by the destination bank: the destination account does not exist' })
  })

  it("finds an order sent before Mexico City's midnight on the previous operation day", async () => {
    const i = input()
    await payouts().send(i)
    const order = fake.orders.get(`KLT${i.reference}`)!
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(Date.now() - 86_400_000))
    order.fechaOperacion = Number(yesterday.replaceAll('-', ''))
    fake.calls.length = 0
    expect(await payouts().status(i.reference)).toMatchObject({ status: 'accepted', providerRef: String(order.idEF) })
    expect(fake.calls.map((c) => c.body!.fechaOperacion)).toEqual([undefined, order.fechaOperacion.toString()])
  })

  it('throws when STP cannot be asked', async () => {
    await expect(payouts({ apiUrl: 'http://127.0.0.1:9/speiws/rest' }).status('1')).rejects.toThrow(PayoutUnavailable)
  })
})

describe('callbacks', () => {
  const url = () => `${receiver.url}/h5-api/v3/payouts/callback/stp`

  it('a settled order: the callback is read, confirmed by STP, and kept', async () => {
    const i = input()
    const sent = await payouts().send(i)
    const answer = await fake.complete(`KLT${i.reference}`, url())
    expect(answer?.status).toBe(200)
    expect(confirmed[0]).toMatchObject({ ok: true, event: { reference: i.reference, providerRef: sent.ok ? sent.providerRef : '', status: 'completed', reason: null } })
  })

  it('a returned order: failed with the reason', async () => {
    const i = input()
    await payouts().send(i)
    await fake.fail(`KLT${i.reference}`, 2, url())
    expect(confirmed[0]).toMatchObject({ ok: true, event: { status: 'failed', reason: 'returned by the destination bank: the destination account is blocked' } })
  })

  it('a forged "completed" for an order STP has not settled is refused', async () => {
    const i = input()
    await payouts().send(i)
    const forged = JSON.parse(fake.callbackOf(`KLT${i.reference}`)) as Record<string, unknown>
    const answer = await fake.post(url(), JSON.stringify({ ...forged, estado: 'Exitosa', tsLiquidacion: String(Date.now()) }))
    expect(answer.status).toBe(401)
    expect(confirmed[0]).toEqual({ ok: false, reason: 'badSignature' })
  })

  it("a callback naming another order's id, or another company, or a key not ours, changes nothing", async () => {
    const i = input()
    await payouts().send(i)
    await fake.complete(`KLT${i.reference}`)
    const genuine = JSON.parse(fake.callbackOf(`KLT${i.reference}`)) as Record<string, unknown>
    await fake.post(url(), JSON.stringify({ ...genuine, id: Number(genuine.id) + 1 }))
    expect(confirmed[0]).toEqual({ ok: false, reason: 'badSignature' })
    expect(payouts().verifyCallback(Buffer.from(JSON.stringify({ ...genuine, empresa: 'OTRA' })), {})).toEqual({ ok: false, reason: 'badSignature' })
    expect(payouts().verifyCallback(Buffer.from(JSON.stringify({ ...genuine, folioOrigen: 'CR123' })), {})).toEqual({ ok: false, reason: 'malformed' })
  })

  it('refuses malformed bodies and states that are not final', () => {
    expect(payouts().verifyCallback(Buffer.from('nope'), {})).toEqual({ ok: false, reason: 'malformed' })
    expect(payouts().verifyCallback(Buffer.from(JSON.stringify({ id: 1, empresa: 'KILAT' })), {})).toEqual({ ok: false, reason: 'malformed' })
    expect(payouts().verifyCallback(Buffer.from(JSON.stringify({ id: 1, empresa: 'KILAT', folioOrigen: 'KLT1', estado: 'Enviada' })), {})).toEqual({ ok: false, reason: 'malformed' })
  })

  it('the same callback twice reads the same event id (a duplicate the outbox ignores)', async () => {
    const i = input()
    await payouts().send(i)
    await fake.complete(`KLT${i.reference}`)
    const body = Buffer.from(fake.callbackOf(`KLT${i.reference}`))
    const a = payouts().verifyCallback(body, {})
    const b = payouts().verifyCallback(body, {})
    expect(a.ok && b.ok && a.event.eventId === b.event.eventId).toBe(true)
  })
})

describe('check', () => {
  it('ok with a working key; the callback address is unknown (STP does not say)', async () => {
    expect(await payouts().check('https://kilat.example/h5-api/v3/payouts/callback/stp')).toMatchObject({ provider: 'stp', keys: 'ok', callback: 'unknown' })
  })

  it('a refused key, and an unreachable API', async () => {
    const other = await startStpFake()
    try {
      expect(await payouts({ privateKey: other.privateKeyPem }).check('x')).toMatchObject({ keys: 'refused' })
    } finally {
      await other.close()
    }
    expect(await payouts({ apiUrl: 'http://127.0.0.1:9' }).check('x')).toMatchObject({ keys: 'unreachable' })
  })
})
