import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { ORDER_STATUS, addBusinessDays, cents, formatMoneyWhole, localDate, replyDueDate, type Locale, type Market, type OrderStatus } from '@kilat/domain'
import { demoKeyring, type Keyring } from '../adapters/secrets/secret-box.js'
import { CHANNEL_TEMPLATES } from '../content/channel-templates.js'
import { KNOWLEDGE_BASE } from '../content/knowledge-base.js'
import { hashToken } from '../http/sessions.js'
import { catalogueChanged } from './catalogue-version.js'
import { lockKb, rebuildQaLexicon } from './qa-lexicon.js'
import type { Executor, Db } from './client.js'
import { assertProductFits, buildOrder, buildProduct } from './factories.js'
import { seedDemoCards } from './seed-cards.js'
import { borrowers, sessions } from '../modules/auth/auth.schema.js'
import { qaEntries } from '../modules/chatbot/chatbot.schema.js'
import { complaintUploads, complaints, problemTypes, type ComplaintOutcome, type ComplaintStatusName } from '../modules/complaints/complaints.schema.js'
import { orderPeriods, orders } from '../modules/orders/orders.schema.js'
import { products, type NewProduct } from '../modules/products/products.schema.js'
import { channelTemplates } from '../modules/registration/registration.schema.js'

/**
 * Demo data (docs/product/shell-and-sessions.md#demo-data), seeded in demo mode only. Idempotent:
 * rows are keyed by phone, product code and order number, so a restart reuses them; products are
 * rewritten from here, and the demo sessions' expiry moves.
 */

const SEED_LOCK_KEY = 7_345_002

/**
 * One demo borrower per market at least: India's Key Fact Statement and agreement popup and
 * Mexico's CAT only show on a borrower of that market.
 */
export const DEMO_BORROWERS = [
  { phone: '+6281234567890', name: 'Budi Santoso', token: 'demo-borrower', market: 'ID', locale: 'id' },
  { phone: '+6281298765432', name: 'Siti Rahayu', token: 'demo-borrower-2', market: 'ID', locale: 'id' },
  { phone: '+917012345678', name: 'Priya Sharma', token: 'demo-borrower-in', market: 'IN', locale: 'en' },
  { phone: '+523312345678', name: 'María López', token: 'demo-borrower-mx', market: 'MX', locale: 'es' },
  // a borrower whose loan was paid out before the app asked for an identity: the credit report's
  // checks name them until they give one (docs/product/credit-reporting.md#checks)
  { phone: '+6281311112222', name: 'Agus Wijaya', token: 'demo-borrower-legacy', market: 'ID', locale: 'id' },
] as const satisfies ReadonlyArray<{ phone: string; name: string; token: string; market: Market; locale: Locale }>

type DemoBorrowerIndex = 0 | 1 | 2 | 3 | 4

const L = (id: string, en: string, es: string) => ({ id, en, es })
const tags = (id: string[], en: string[], es: string[]) => ({ id, en, es })
/** Whole currency units (rupiah, rupees, pesos) to minor units. */
const rp = (units: number) => cents(units * 100)

const APPLY = L('Ajukan Sekarang', 'Apply now', 'Solicitar ahora')

/**
 * Indonesia: Rp 1.000.000 - Rp 15.000.000 (docs/product/markets-and-formats.md#markets). Every
 * Indonesian product costs at most 0,1 % of the principal a day all-in, interest and admin fee
 * together, at every amount and term it offers: the cap for agreements signed from 2026
 * (docs/product/money-rules.md#caps); the seed refuses to run otherwise. The first products in
 * `sort` order are ones the demo borrower has no running loan with, so the journey recommended
 * list → apply → confirm → submit works on the first card of a fresh database. Late charges are
 * each market's defaults (factories.ts defaultLateCharges).
 */
export const DEMO_PRODUCTS: NewProduct[] = [
  buildProduct({
    code: 'kilat-tunai', name: 'Kilat Tunai', minAmount: rp(1_000_000), maxAmount: rp(5_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 91, dailyRateBps: 7, adminFeeBps: 250, extensionFee: rp(75_000), sort: 50,
    tags: tags(['Cair 2 jam', 'Tanpa jaminan'], ['Paid in 2 hours', 'No collateral'], ['Pago en 2 horas', 'Sin aval']),
    buttonText: APPLY,
    description: L('Pinjaman tunai 91 hari, cair dalam 2 jam.', 'A 91-day cash loan, paid out within 2 hours.', 'Préstamo de 91 días, depositado en 2 horas.'),
  }),
  buildProduct({
    code: 'dana-kilat', name: 'Dana Kilat', minAmount: rp(1_000_000), maxAmount: rp(8_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 120, dailyRateBps: 8, adminFeeBps: 200, extensionFee: rp(100_000), sort: 60,
    tags: tags(['Bunga rendah', 'Tenor 120 hari'], ['Low interest', '120-day term'], ['Interés bajo', 'Plazo de 120 días']),
    buttonText: APPLY,
    description: L('Dana cepat dengan bunga ringan.', 'Fast funds with a light rate.', 'Dinero rápido con interés ligero.'),
  }),
  buildProduct({
    code: 'cicil-ringan', name: 'Cicil Ringan', minAmount: rp(2_000_000), maxAmount: rp(10_000_000), amountStep: rp(500_000),
    termUnit: 'period', periods: 4, periodOptions: [3, 6], periodDays: 30, dailyRateBps: 9, adminFeeBps: 300, sort: 70,
    tags: tags(['Cicilan 3-6x', 'Bayar bulanan'], ['3 to 6 installments', 'Pay monthly'], ['De 3 a 6 pagos', 'Pago mensual']),
    buttonText: L('Ajukan Cicilan', 'Apply for installments', 'Solicitar a plazos'),
    description: L('Bayar dalam 3, 4 atau 6 cicilan bulanan.', 'Repay in 3, 4 or 6 monthly installments.', 'Paga en 3, 4 o 6 mensualidades.'),
  }),
  buildProduct({
    code: 'kilat-plus', name: 'Kilat Plus', minAmount: rp(3_000_000), maxAmount: rp(15_000_000), amountStep: rp(1_000_000),
    termUnit: 'day', termDays: 180, dailyRateBps: 6, adminFeeBps: 200, extensionFee: rp(300_000), sort: 80,
    tags: tags(['Limit tinggi', 'Tenor 180 hari'], ['High limit', '180-day term'], ['Límite alto', 'Plazo de 180 días']),
    buttonText: APPLY,
    description: L(`Limit hingga ${formatMoneyWhole(rp(15_000_000), 'ID')}.`, `Limits up to ${formatMoneyWhole(rp(15_000_000), 'ID')}.`, `Límite de hasta ${formatMoneyWhole(rp(15_000_000), 'ID')}.`),
  }),
  buildProduct({
    code: 'dana-pendidikan', name: 'Dana Pendidikan', minAmount: rp(1_000_000), maxAmount: rp(10_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 150, dailyRateBps: 7, adminFeeBps: 250, sort: 90,
    tags: tags(['Biaya sekolah', 'Proses mudah'], ['School fees', 'Easy process'], ['Colegiaturas', 'Proceso fácil']),
    buttonText: APPLY,
    description: L('Untuk biaya sekolah dan kuliah.', 'For school and university fees.', 'Para gastos de escuela y universidad.'),
  }),
  buildProduct({
    code: 'modal-usaha', name: 'Modal Usaha', minAmount: rp(5_000_000), maxAmount: rp(15_000_000), amountStep: rp(1_000_000),
    termUnit: 'period', periods: 6, periodDays: 30, dailyRateBps: 5, adminFeeBps: 300, sort: 40,
    tags: tags(['UMKM', 'Cicilan 6x'], ['Small business', '6 installments'], ['Pymes', '6 pagos']),
    buttonText: L('Ajukan Modal', 'Apply for capital', 'Solicitar capital'),
    description: L('Modal kerja untuk usaha kecil.', 'Working capital for small businesses.', 'Capital de trabajo para negocios pequeños.'),
  }),
  buildProduct({
    code: 'kilat-cepat', name: 'Kilat Cepat', minAmount: rp(1_000_000), maxAmount: rp(3_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 91, dailyRateBps: 8, adminFeeBps: 150, sort: 30,
    tags: tags(['Persetujuan instan'], ['Instant approval'], ['Aprobación inmediata']),
    buttonText: APPLY,
    description: L('Keputusan dalam hitungan menit.', 'A decision within minutes.', 'Decisión en minutos.'),
  }),
  buildProduct({
    code: 'dana-sehat', name: 'Dana Sehat', minAmount: rp(1_000_000), maxAmount: rp(6_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 100, dailyRateBps: 7, adminFeeBps: 250, sort: 20,
    tags: tags(['Biaya kesehatan'], ['Medical costs'], ['Gastos médicos']),
    buttonText: APPLY,
    description: L('Untuk biaya berobat yang mendesak.', 'For urgent medical bills.', 'Para gastos médicos urgentes.'),
  }),
  buildProduct({
    code: 'tunai-keluarga', name: 'Tunai Keluarga', minAmount: rp(1_000_000), maxAmount: rp(7_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 120, dailyRateBps: 7, adminFeeBps: 300, extensionFee: rp(100_000), sort: 10,
    tags: tags(['Kebutuhan keluarga'], ['Family needs'], ['Necesidades familiares']),
    buttonText: APPLY,
    description: L('Bantu kebutuhan keluarga Anda.', 'Help with your family’s needs.', 'Apoyo para las necesidades de tu familia.'),
  }),
  buildProduct({
    code: 'dana-rumah', name: 'Dana Rumah', minAmount: rp(2_000_000), maxAmount: rp(15_000_000), amountStep: rp(1_000_000),
    termUnit: 'day', termDays: 180, dailyRateBps: 6, adminFeeBps: 300, sort: 100, status: 'disabled',
    tags: tags(['Renovasi rumah'], ['Home repairs'], ['Reparaciones del hogar']),
    buttonText: APPLY,
    description: L('Sementara tidak tersedia.', 'Temporarily unavailable.', 'No disponible por ahora.'),
  }),
  buildProduct({
    code: 'mitra-dana', name: 'Mitra Dana', minAmount: rp(1_000_000), maxAmount: rp(10_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 91, dailyRateBps: 8, adminFeeBps: 150, sort: 110,
    isPartner: true, partnerUrl: 'https://mitra-dana.example.com/apply',
    tags: tags(['Mitra resmi', 'Cair cepat'], ['Official partner', 'Fast payout'], ['Socio oficial', 'Pago rápido']),
    buttonText: L('Kunjungi Mitra', 'Visit partner', 'Ir al socio'),
    description: L('Produk mitra terdaftar.', 'A registered partner’s product.', 'Producto de un socio registrado.'),
  }),
  buildProduct({
    code: 'rupiah-cepat', name: 'Rupiah Cepat', minAmount: rp(1_000_000), maxAmount: rp(5_000_000), amountStep: rp(500_000),
    termUnit: 'day', termDays: 91, dailyRateBps: 6, adminFeeBps: 350, sort: 120,
    isPartner: true, partnerUrl: 'https://rupiah-cepat.example.com/loan',
    tags: tags(['Mitra resmi'], ['Official partner'], ['Socio oficial']),
    buttonText: L('Kunjungi Mitra', 'Visit partner', 'Ir al socio'),
    description: L('Pinjaman dari mitra kami.', 'A loan from our partner.', 'Un préstamo de nuestro socio.'),
  }),
  // India: ₹2,000 - ₹80,000, amounts in paise; late charges the lender's terms text. The first in `sort` order is
  // one the India demo borrower has no running loan with.
  buildProduct({
    code: 'rupee-kilat', name: 'Rupee Kilat', market: 'IN', minAmount: rp(2_000), maxAmount: rp(80_000), amountStep: rp(1_000),
    termUnit: 'day', termDays: 91, dailyRateBps: 10, adminFeeBps: 300, sort: 10,
    tags: tags(['Cair 2 jam'], ['Paid in 2 hours'], ['Pago en 2 horas']),
    buttonText: APPLY,
    description: L('Pinjaman rupee cepat.', 'A quick rupee loan.', 'Préstamo rápido en rupias.'),
  }),
  buildProduct({
    code: 'salary-plus', name: 'Salary Plus', market: 'IN', minAmount: rp(5_000), maxAmount: rp(80_000), amountStep: rp(1_000),
    termUnit: 'period', periods: 4, periodOptions: [3, 6], periodDays: 30, dailyRateBps: 8, adminFeeBps: 250, sort: 20,
    tags: tags(['Untuk karyawan'], ['For salaried earners'], ['Para asalariados']),
    buttonText: APPLY,
    description: L('3, 4 atau 6 cicilan bulanan untuk karyawan.', '3, 4 or 6 monthly installments for salaried earners.', '3, 4 o 6 pagos mensuales para asalariados.'),
  }),
  buildProduct({
    code: 'rupee-flexi', name: 'Rupee Flexi', market: 'IN', minAmount: rp(3_000), maxAmount: rp(50_000), amountStep: rp(1_000),
    termUnit: 'day', termDays: 120, dailyRateBps: 9, adminFeeBps: 300, extensionFee: rp(500), sort: 30,
    tags: tags(['Bisa diperpanjang'], ['Extendable'], ['Ampliable']),
    buttonText: APPLY,
    description: L('Pinjaman 120 hari yang bisa diperpanjang.', 'A 120-day loan you can extend.', 'Préstamo de 120 días que puedes ampliar.'),
  }),
  // Mexico, amounts in centavos; late charges each product's own. The first in `sort` order is one the Mexico demo borrower has no
  // running loan with.
  buildProduct({
    code: 'credito-kilat', name: 'Crédito Kilat', market: 'MX', minAmount: rp(1_000), maxAmount: rp(10_000), amountStep: rp(500),
    termUnit: 'day', termDays: 91, dailyRateBps: 10, adminFeeBps: 300, sort: 10,
    tags: tags(['Cair cepat'], ['Fast payout'], ['Depósito rápido']),
    buttonText: APPLY,
    description: L('Kredit cepat untuk Meksiko.', 'A fast loan for Mexico.', 'Crédito rápido para México.'),
  }),
  buildProduct({
    code: 'pagos-faciles', name: 'Pagos Fáciles', market: 'MX', minAmount: rp(2_000), maxAmount: rp(20_000), amountStep: rp(500),
    termUnit: 'period', periods: 4, periodOptions: [3, 6], periodDays: 30, dailyRateBps: 8, adminFeeBps: 250, sort: 20,
    tags: tags(['Cicilan 3-6x'], ['3 to 6 installments'], ['De 3 a 6 pagos']),
    buttonText: APPLY,
    description: L('Bayar dalam 3, 4 atau 6 cicilan.', 'Repay in 3, 4 or 6 installments.', 'Paga en 3, 4 o 6 mensualidades.'),
  }),
  buildProduct({
    code: 'efectivo-ya', name: 'Efectivo Ya', market: 'MX', minAmount: rp(1_500), maxAmount: rp(15_000), amountStep: rp(500),
    termUnit: 'day', termDays: 120, dailyRateBps: 9, adminFeeBps: 300, extensionFee: rp(150), sort: 30,
    tags: tags(['Bisa diperpanjang'], ['Extendable'], ['Ampliable']),
    buttonText: APPLY,
    description: L('Pinjaman 120 hari yang bisa diperpanjang.', 'A 120-day loan you can extend.', 'Préstamo de 120 días que puedes ampliar.'),
  }),
]

interface DemoOrder {
  orderNo: string
  borrower: DemoBorrowerIndex
  product: string
  status: OrderStatus
  principal: number
  isDelay?: boolean
  paidPeriods?: number
}

const S = ORDER_STATUS

/**
 * The first demo borrower has one order in every status (docs/product/loans.md#statuses). The India and
 * Mexico borrowers have a due loan that can be extended, a settled one not rated yet and one under
 * review, each with a product of their market; its first product stays free to apply for.
 */
export const DEMO_ORDERS: DemoOrder[] = [
  { orderNo: 'K2026000001', borrower: 0, product: 'dana-kilat', status: S.submitted, principal: rp(3_000_000) },
  { orderNo: 'K2026000002', borrower: 0, product: 'kilat-plus', status: S.approved, principal: rp(6_000_000) },
  { orderNo: 'K2026000003', borrower: 0, product: 'kilat-cepat', status: S.rejected, principal: rp(2_000_000) },
  { orderNo: 'K2026000004', borrower: 0, product: 'cicil-ringan', status: S.repayingInstallments, principal: rp(4_000_000), paidPeriods: 2 },
  { orderNo: 'K2026000005', borrower: 0, product: 'kilat-tunai', status: S.due, principal: rp(2_500_000), isDelay: true },
  { orderNo: 'K2026000006', borrower: 0, product: 'dana-pendidikan', status: S.overdue, principal: rp(5_000_000) },
  { orderNo: 'K2026000007', borrower: 0, product: 'kilat-tunai', status: S.settled, principal: rp(1_500_000) },
  { orderNo: 'K2026000008', borrower: 0, product: 'mitra-dana', status: S.partnerRepaying, principal: rp(2_000_000), isDelay: true },
  { orderNo: 'K2026000009', borrower: 0, product: 'rupiah-cepat', status: S.partnerSettled, principal: rp(1_000_000) },
  { orderNo: 'K2026000010', borrower: 0, product: 'rupiah-cepat', status: S.partnerOverdue, principal: rp(1_500_000) },
  { orderNo: 'K2026000011', borrower: 1, product: 'dana-kilat', status: S.due, principal: rp(2_000_000), isDelay: true },
  { orderNo: 'K2026000012', borrower: 1, product: 'modal-usaha', status: S.settled, principal: rp(6_000_000) },
  { orderNo: 'K2026000013', borrower: 1, product: 'dana-sehat', status: S.submitted, principal: rp(1_000_000) },
  { orderNo: 'K2026000014', borrower: 2, product: 'rupee-flexi', status: S.due, principal: rp(20_000), isDelay: true },
  { orderNo: 'K2026000015', borrower: 2, product: 'rupee-kilat', status: S.settled, principal: rp(15_000) },
  { orderNo: 'K2026000016', borrower: 2, product: 'salary-plus', status: S.submitted, principal: rp(40_000) },
  { orderNo: 'K2026000017', borrower: 3, product: 'efectivo-ya', status: S.due, principal: rp(8_000), isDelay: true },
  { orderNo: 'K2026000018', borrower: 3, product: 'credito-kilat', status: S.settled, principal: rp(5_000) },
  { orderNo: 'K2026000019', borrower: 3, product: 'pagos-faciles', status: S.submitted, principal: rp(6_000) },
  { orderNo: 'K2026000020', borrower: 4, product: 'dana-pendidikan', status: S.due, principal: rp(3_000_000) },
]

export interface SeedResult {
  products: number
  orders: number
  /** The demo borrowers' ids, in DEMO_BORROWERS' order: their identities and accounts are the kyc module's to seed (server.ts). */
  borrowerIds: number[]
}

/** Inserts what is missing and refreshes the demo sessions; returns how many rows were new. */
/** `secrets`: the server's keyring, which seals the demo cards' tokens; the demo key by default. */
export async function seedDemo(db: Db, options: { sessionTtlDays: number; now?: Date; secrets?: Keyring }): Promise<SeedResult> {
  const now = options.now ?? new Date()
  return db.transaction(async (tx) => {
    // Processes starting together would otherwise race on the same inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)

    // Every product is checked before any is written: a demo product the server would refuse is a bug here.
    for (const product of DEMO_PRODUCTS) assertProductFits(product, now)
    // Products are updated too, so a database seeded by an older version gets today's prices and fields.
    let newProducts = 0
    for (const product of DEMO_PRODUCTS) if (await upsertProduct(tx, product)) newProducts += 1

    await tx
      .insert(borrowers)
      .values(DEMO_BORROWERS.map((b) => ({ phone: b.phone, name: b.name, market: b.market, locale: b.locale })))
      .onConflictDoNothing({ target: borrowers.phone })
    const demoRows = await tx.select().from(borrowers).where(inArray(borrowers.phone, DEMO_BORROWERS.map((b) => b.phone)))
    const borrowerId = (i: DemoBorrowerIndex) => demoRows.find((r) => r.phone === DEMO_BORROWERS[i].phone)!.id

    const expiresAt = new Date(now.getTime() + options.sessionTtlDays * 86_400_000)
    for (const [i, demo] of DEMO_BORROWERS.entries()) {
      await tx
        .insert(sessions)
        .values({ tokenHash: hashToken(demo.token), borrowerId: borrowerId(i as DemoBorrowerIndex), expiresAt })
        .onConflictDoUpdate({ target: sessions.tokenHash, set: { expiresAt, borrowerId: borrowerId(i as DemoBorrowerIndex) } })
    }

    const productRows = await tx.select().from(products).where(and(inArray(products.code, [...new Set(DEMO_ORDERS.map((o) => o.product))]), eq(products.current, true)))
    let newOrders = 0
    for (const demo of DEMO_ORDERS) {
      const product = productRows.find((p) => p.code === demo.product)!
      const built = buildOrder({
        orderNo: demo.orderNo,
        borrowerId: borrowerId(demo.borrower),
        product,
        status: demo.status,
        principal: demo.principal,
        now,
        ...(demo.isDelay !== undefined ? { isDelay: demo.isDelay } : {}),
        ...(demo.paidPeriods !== undefined ? { paidPeriods: demo.paidPeriods } : {}),
        // The showcase orders stay in their status: the demo's automatic decision and payout skip them.
        manualReview: true,
      })
      const [inserted] = await tx.insert(orders).values(built.order).onConflictDoNothing({ target: orders.orderNo }).returning({ id: orders.id })
      if (!inserted) continue
      newOrders += 1
      if (built.periods.length) {
        await tx.insert(orderPeriods).values(built.periods.map((p) => ({ ...p, orderKey: inserted.id })))
      }
    }
    const demoOrderNos = DEMO_ORDERS.map((o) => o.orderNo)
    await tx.update(orders).set({ manualReview: true }).where(inArray(orders.orderNo, demoOrderNos))
    // Demo orders of a database seeded before orders carried late charges get their product's.
    await tx.execute(sql`
      update ${orders} set late_fee_new = p.late_fee_new, late_fee_repeat = p.late_fee_repeat,
        late_tiers = p.late_tiers, late_cap_bps = p.late_cap_bps
      from ${products} p
      where p.id = ${orders.productId} and ${orders.lateTiers} = '[]'::jsonb and ${inArray(orders.orderNo, demoOrderNos)}`)

    await seedReferenceRows(tx)
    await seedComplaints(tx, borrowerId, now)
    await seedDemoCards(tx, borrowerId, options.secrets ?? demoKeyring())
    return { products: newProducts, orders: newOrders, borrowerIds: DEMO_BORROWERS.map((_, i) => borrowerId(i as DemoBorrowerIndex)) }
  })
}

/**
 * What every database needs, demo or not (a server without demo data starts with it too): the
 * complaint problem types, the chatbot's knowledge base and the promotion landing pages' channel
 * templates, rewritten by key at every start, so
 * that the texts in the code are the ones served. The demo seed includes it.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    await seedReferenceRows(tx)
  })
}

async function seedReferenceRows(tx: Executor): Promise<void> {
  await seedProblemTypes(tx)
  await seedKnowledgeBase(tx)
  await seedChannelTemplates(tx)
}

/**
 * The channel templates of the code (docs/product/registration.md#channel-templates), by their
 * public id; a template disabled in the database stays disabled.
 */
export async function seedChannelTemplates(tx: Executor, templates = CHANNEL_TEMPLATES): Promise<void> {
  for (const { id, status: _status, ...changes } of templates) {
    await tx
      .insert(channelTemplates)
      .values({ id, ...changes })
      .onConflictDoUpdate({ target: channelTemplates.id, set: { ...changes, updatedAt: sql`now()` } })
  }
}

/** Inserts the product or rewrites the one with its code; true when it was new. */
async function upsertProduct(db: Executor, values: NewProduct): Promise<boolean> {
  const { code: _code, ...changes } = values
  const [row] = await db
    .insert(products)
    .values(values)
    // The current version only, and only while staff have published none of their own (version 1):
    // the seed never overwrites a product staff changed (docs/product/products.md#versions).
    .onConflictDoUpdate({ target: products.code, targetWhere: sql`${products.current}`, set: changes, setWhere: eq(products.version, 1) })
    // xmax is 0 on a row this statement inserted, and set on one it updated
    .returning({ id: getTableColumns(products).id, inserted: sql<boolean>`(xmax = 0)` })
  catalogueChanged()
  return row?.inserted ?? false
}

/**
 * Complaint problem types and the collection sub-types (docs/product/complaints.md#problem-types).
 * Values are the wire values; titles are rewritten at every start.
 */
export const PROBLEM_TYPES: Array<{ parentValue: number; value: number; title: ReturnType<typeof L> }> = [
  { parentValue: 0, value: 1, title: L('Penagihan', 'Collection', 'Cobranza') },
  { parentValue: 0, value: 2, title: L('Pembayaran', 'Repayment', 'Pagos') },
  { parentValue: 0, value: 3, title: L('Pengajuan dan pencairan', 'Application and payout', 'Solicitud y depósito') },
  { parentValue: 0, value: 4, title: L('Biaya dan denda', 'Fees and late charges', 'Comisiones y cargos por atraso') },
  { parentValue: 0, value: 5, title: L('Perpanjangan', 'Extension', 'Prórroga') },
  { parentValue: 0, value: 6, title: L('Akun dan privasi data', 'Account and data privacy', 'Cuenta y privacidad de datos') },
  { parentValue: 0, value: 7, title: L('Aplikasi bermasalah', 'App not working', 'Falla de la app') },
  // a credit-report dispute (docs/product/credit-reporting.md#disputes); listed before 'Other'
  { parentValue: 0, value: 9, title: L('Laporan kredit saya salah', 'My credit report is wrong', 'Mi reporte de crédito está mal') },
  { parentValue: 0, value: 8, title: L('Lainnya', 'Other', 'Otro') },
  { parentValue: 1, value: 1, title: L('Ancaman atau kata-kata kasar', 'Threats or abusive language', 'Amenazas o lenguaje ofensivo') },
  { parentValue: 1, value: 2, title: L('Menghubungi keluarga atau kontak saya', 'Contacted my family or contacts', 'Contactaron a mi familia o contactos') },
  { parentValue: 1, value: 3, title: L('Menelepon di luar jam 08.00–20.00 atau terlalu sering', 'Calls outside 08:00–20:00 or too often', 'Llamadas fuera de 08:00–20:00 o demasiado frecuentes') },
  { parentValue: 1, value: 4, title: L('Menyebarkan utang atau data saya', 'Shared my debt or data with others', 'Divulgaron mi deuda o mis datos') },
  { parentValue: 1, value: 5, title: L('Meminta bayar ke rekening pribadi', 'Asked me to pay into a personal account', 'Me pidieron pagar a una cuenta personal') },
  { parentValue: 1, value: 6, title: L('Lainnya', 'Other', 'Otro') },
]

async function seedProblemTypes(tx: Executor): Promise<void> {
  for (const [i, t] of PROBLEM_TYPES.entries()) {
    await tx
      .insert(problemTypes)
      .values({ ...t, sort: i })
      .onConflictDoUpdate({ target: [problemTypes.parentValue, problemTypes.value], set: { title: t.title, sort: i, active: true } })
  }
}

/**
 * The chatbot's knowledge base (content/knowledge-base.ts): each entry written once, by key, then
 * the lexicon. An entry already there is left as it is: staff edit the knowledge base in the
 * console (docs/product/knowledge-base.md#source), and a restart never undoes their edits.
 */
export async function seedKnowledgeBase(tx: Executor, kb = KNOWLEDGE_BASE): Promise<void> {
  await lockKb(tx)
  let added = 0
  const idOf = async (key: string, values: typeof qaEntries.$inferInsert): Promise<number> => {
    const [row] = await tx.insert(qaEntries).values(values).onConflictDoNothing({ target: qaEntries.key }).returning({ id: qaEntries.id })
    if (row) {
      added++
      return row.id
    }
    const [existing] = await tx.select({ id: qaEntries.id }).from(qaEntries).where(eq(qaEntries.key, key)).limit(1)
    return existing!.id
  }
  for (const [ci, category] of kb.entries()) {
    const key = `category:${category.key}`
    const categoryId = await idOf(key, {
      key, pid: 0, kind: 'category', title: category.title, alias: category.alias,
      icon: category.icon, actionType: category.actionType ?? 0, sort: ci, active: true,
    })
    for (const [qi, q] of category.questions.entries()) {
      const questionKey = `question:${q.key}`
      await idOf(questionKey, {
        key: questionKey, pid: categoryId, kind: 'question', title: q.title, answer: q.answer,
        keywords: q.keywords, actionType: q.actionType ?? 0, sort: qi, active: true,
      })
    }
  }
  if (added > 0) await rebuildQaLexicon(tx)
}

/** The chatbot module's lexicon rebuild, for the seed's callers (tests). */
export { rebuildQaLexicon }

interface DemoComplaint {
  key: string
  borrower: DemoBorrowerIndex
  orderNo: string
  problemType: number
  problemSonType?: number
  detail: string
  images?: string[]
  status: ComplaintStatusName
  outcome?: ComplaintOutcome
  reply?: string
  replyImages?: string[]
  score?: number
  /** Filed this many days before the seed ran. */
  daysAgo: number
}

/**
 * docs/product/complaints.md#demo-data: complaints with and without an agent's reply. Images named
 * `demo-*.png` are drawn on first request (modules/complaints images.ts), so only rows are seeded.
 */
export const DEMO_COMPLAINTS: DemoComplaint[] = [
  {
    key: 'seed-collection-replied', borrower: 0, orderNo: 'K2026000006', problemType: 1, problemSonType: 3, daysAgo: 2,
    detail: 'Penagih menelepon saya pukul 22.00 dan berkali-kali dalam sehari. Mohon dihentikan.',
    images: ['demo-call-log.png'], status: 'replied',
    reply: 'Mohon maaf atas ketidaknyamanan ini. Kami sudah memeriksa catatan panggilan dan menegur petugas tersebut. Penagihan hanya boleh dilakukan pukul 08.00–20.00 waktu setempat.',
    replyImages: ['demo-call-policy.png'],
  },
  {
    key: 'seed-repayment-processing', borrower: 0, orderNo: 'K2026000005', problemType: 2, daysAgo: 0,
    detail: 'Saya sudah transfer lewat virtual account tetapi tagihan belum berubah.', status: 'processing',
  },
  {
    key: 'seed-fees-closed', borrower: 0, orderNo: 'K2026000007', problemType: 4, daysAgo: 20, status: 'closed', outcome: 'resolved', score: 5,
    detail: 'Dana yang saya terima kurang dari jumlah pinjaman.',
    reply: 'Selisihnya adalah biaya admin yang dipotong saat pencairan, sesuai halaman konfirmasi yang Anda setujui. Total yang harus dibayar tidak termasuk biaya itu lagi.',
  },
  {
    key: 'seed-app-overdue', borrower: 0, orderNo: 'K2026000004', problemType: 7, daysAgo: 12, status: 'processing',
    detail: 'Aplikasi keluar sendiri saat saya membuka jadwal cicilan.',
  },
  {
    key: 'seed-extension-unresolved', borrower: 0, orderNo: 'K2026000004', problemType: 5, daysAgo: 15, status: 'closed', outcome: 'unresolved',
    detail: 'Saya ingin memperpanjang pinjaman cicilan saya.',
    reply: 'Mohon maaf, pinjaman cicilan tidak dapat diperpanjang. Anda dapat membayar cicilan yang jatuh tempo terlebih dahulu.',
  },
  {
    key: 'seed-mx-replied', borrower: 3, orderNo: 'K2026000017', problemType: 2, daysAgo: 3, status: 'replied',
    detail: 'Pagué en tienda y el pago no aparece.', images: ['demo-ticket.png'],
    reply: 'Tu pago ya quedó registrado. Adjuntamos el comprobante de aplicación.', replyImages: ['demo-comprobante.png'],
  },
]

async function seedComplaints(tx: Executor, borrowerId: (i: DemoBorrowerIndex) => number, now: Date): Promise<void> {
  const orderRows = await tx.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.orderNo, DEMO_COMPLAINTS.map((c) => c.orderNo)))
  for (const c of DEMO_COMPLAINTS) {
    const bid = borrowerId(c.borrower)
    const market = DEMO_BORROWERS[c.borrower].market
    const existing = await tx.select({ id: complaints.id }).from(complaints).where(sql`${complaints.borrowerId} = ${bid} and ${complaints.requestKey} = ${c.key}`)
    if (existing.length > 0) continue
    const filedAt = new Date(now.getTime() - c.daysAgo * 86_400_000)
    const replyDue = replyDueDate(filedAt, market)
    const repliedAt = c.reply ? new Date(Math.min(now.getTime(), Date.parse(`${addBusinessDays(localDate(filedAt, market), 1, market)}T04:00:00Z`))) : null
    for (const [source, names] of [['borrower', c.images ?? []], ['agent', c.replyImages ?? []]] as const) {
      for (const name of names) {
        await tx
          .insert(complaintUploads)
          .values({ borrowerId: bid, name, mime: 'image/png', bytes: 0, width: 480, height: 320, source })
          .onConflictDoNothing({ target: complaintUploads.name })
      }
    }
    await tx.insert(complaints).values({
      borrowerId: bid,
      orderKey: orderRows.find((o) => o.orderNo === c.orderNo)!.id,
      problemType: c.problemType,
      problemSonType: c.problemSonType ?? 0,
      detail: c.detail,
      images: c.images ?? [],
      status: c.status,
      outcome: c.outcome ?? null,
      replyText: c.reply ?? null,
      replyImages: c.replyImages ?? [],
      repliedAt,
      closedAt: c.status === 'closed' ? repliedAt : null,
      score: c.score ?? null,
      scoredAt: c.score ? repliedAt : null,
      replyDue,
      requestKey: c.key,
      createdAt: filedAt,
    })
  }
}
