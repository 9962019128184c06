import type { HeadlineRate } from './loan.js'
import type { Locale } from './markets.js'
import type { OrderStatusName } from './order-status.js'

/**
 * Texts both apps show, each written once (docs/product/markets-and-formats.md#languages): the
 * server's catalogues (apps/server/src/i18n) take them by reference, and the web serves them as
 * part of its `common` namespace. Plain strings, `{{name}}` placeholders as in the web's texts, and
 * nothing imported at run time, so that the browser loads this file as a chunk of its own only when
 * it needs the texts (the server renders every first page with them already).
 *
 * A text the server and the web both show belongs here; a test
 * (apps/server/src/i18n/shared-texts.test.ts) fails when the two catalogues repeat one.
 */
export interface SharedTexts {
  /** One name per figure (docs/product/money-rules.md#what-is-shown-before-accepting): the confirmation, the loan details, the agreement and the Key Fact Statement label a figure with it. */
  figures: {
    principal: string
    fee: string
    received: string
    interest: string
    totalRepay: string
    term: string
    /** The market's headline rate (docs/product/money-rules.md#headline-rate). */
    headline: Record<HeadlineRate['kind'], string>
    lateCharges: string
    /** What the repay button asks for now. */
    amountDue: string
    /** A payment's amount. */
    amount: string
  }
  /** An order's status as the borrower reads it (docs/product/loans.md#statuses). */
  statuses: Record<OrderStatusName, string>
  plan: {
    /** An installment that is paid. */
    paid: string
    /** The heading of the installments' dates and amounts. */
    schedule: string
  }
}

const id: SharedTexts = {
  figures: {
    principal: 'Jumlah pinjaman',
    fee: 'Biaya admin',
    received: 'Jumlah diterima',
    interest: 'Total bunga',
    totalRepay: 'Total pengembalian',
    term: 'Jangka waktu',
    headline: { dailyCost: 'Biaya harian total (termasuk biaya admin)', apr: 'Suku bunga tahunan (APR)', cat: 'Biaya tahunan total (CAT)' },
    lateCharges: 'Denda keterlambatan',
    amountDue: 'Jumlah yang harus dibayar',
    amount: 'Jumlah',
  },
  statuses: {
    submitted: 'Sedang ditinjau',
    approved: 'Disetujui',
    rejected: 'Belum disetujui',
    repayingInstallments: 'Sedang dicicil',
    due: 'Menunggu pembayaran',
    overdue: 'Terlambat',
    settled: 'Lunas',
    partnerRepaying: 'Berjalan di mitra',
    partnerOverdue: 'Terlambat di mitra',
    partnerSettled: 'Lunas di mitra',
  },
  plan: { paid: 'Lunas', schedule: 'Jadwal pembayaran' },
}

const en: SharedTexts = {
  figures: {
    principal: 'Loan amount',
    fee: 'Admin fee',
    received: 'Amount received',
    interest: 'Total interest',
    totalRepay: 'Total to repay',
    term: 'Term',
    headline: { dailyCost: 'All-in daily cost (fees included)', apr: 'Annual percentage rate (APR)', cat: 'Total annual cost (CAT)' },
    lateCharges: 'Late charges',
    amountDue: 'Amount due now',
    amount: 'Amount',
  },
  statuses: {
    submitted: 'Under review',
    approved: 'Approved',
    rejected: 'Not approved',
    repayingInstallments: 'Repaying',
    due: 'Payment due',
    overdue: 'Overdue',
    settled: 'Settled',
    partnerRepaying: 'Repaying with our partner',
    partnerOverdue: 'Overdue with our partner',
    partnerSettled: 'Settled with our partner',
  },
  plan: { paid: 'Paid', schedule: 'Repayment schedule' },
}

const es: SharedTexts = {
  figures: {
    principal: 'Monto del préstamo',
    fee: 'Comisión por apertura',
    received: 'Monto recibido',
    interest: 'Interés total',
    totalRepay: 'Total a pagar',
    term: 'Plazo',
    headline: { dailyCost: 'Costo diario total (incluye comisiones)', apr: 'Tasa anual (APR)', cat: 'Costo Anual Total (CAT)' },
    lateCharges: 'Cargos por atraso',
    amountDue: 'Monto a pagar ahora',
    amount: 'Monto',
  },
  statuses: {
    submitted: 'En revisión',
    approved: 'Aprobado',
    rejected: 'No aprobado',
    repayingInstallments: 'En pago',
    due: 'Pago pendiente',
    overdue: 'Vencido',
    settled: 'Liquidado',
    partnerRepaying: 'En pago con nuestro socio',
    partnerOverdue: 'Vencido con nuestro socio',
    partnerSettled: 'Liquidado con nuestro socio',
  },
  plan: { paid: 'Pagada', schedule: 'Calendario de pagos' },
}

export const SHARED_TEXTS: Readonly<Record<Locale, SharedTexts>> = { id, en, es }
