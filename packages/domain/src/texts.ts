import type { HeadlineRate } from './loan.js'
import type { Locale, Market } from './markets.js'
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
  /**
   * Each market's marketing claims (docs/product/markets-and-formats.md#text-sets), on the public
   * site, the promotion landing pages and the chatbot: `{{min}}`, `{{max}}` and `{{salary}}` are the
   * amounts of `MARKET_CLAIMS` (packages/domain/src/claims.ts) in the market's format.
   */
  claims: Record<Market, { tagline: string; users: string; amount: string; eligibility: string }>
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
  claims: {
    ID: {
      tagline: 'Pinjaman instan, cepat dan aman',
      users: 'Dipercaya lebih dari 3 juta pengguna',
      amount: 'Pinjaman {{min}} sampai {{max}} dalam 2 jam',
      eligibility: 'Gaji tahunan {{salary}} ke atas',
    },
    IN: {
      tagline: 'Pinjaman instan untuk karyawan bergaji',
      users: 'Dipercaya lebih dari 3 juta pengguna',
      amount: 'Pinjaman {{min}} sampai {{max}} dalam 2 jam',
      eligibility: 'Karyawan dengan gaji {{salary}} ke atas memenuhi syarat',
    },
    MX: {
      tagline: 'Pinjaman instan dalam peso, cepat dan aman',
      users: 'Dipercaya lebih dari 1 juta pengguna di Meksiko',
      amount: 'Pinjaman {{min}} sampai {{max}} dalam 2 jam',
      eligibility: 'Penghasilan bulanan {{salary}} ke atas',
    },
  },
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
  claims: {
    ID: {
      tagline: 'Instant loans, fast and safe',
      users: 'Trusted by over 3 million users',
      amount: 'Loans from {{min}} to {{max}} within 2 hours',
      eligibility: 'Annual salary of {{salary}} and above',
    },
    IN: {
      tagline: 'Instant loans for salaried earners',
      users: 'Trusted by over 3 million users',
      amount: 'Loans from {{min}} to {{max}} within 2 hours',
      eligibility: 'Salaried earners of {{salary}} and above are eligible',
    },
    MX: {
      tagline: 'Instant loans in pesos, fast and safe',
      users: 'Trusted by over 1 million users in Mexico',
      amount: 'Loans from {{min}} to {{max}} within 2 hours',
      eligibility: 'Monthly income of {{salary}} and above',
    },
  },
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
  claims: {
    ID: {
      tagline: 'Préstamos al instante, rápidos y seguros',
      users: 'Más de 3 millones de usuarios confían en nosotros',
      amount: 'Préstamos de {{min}} a {{max}} en 2 horas',
      eligibility: 'Salario anual de {{salary}} o más',
    },
    IN: {
      tagline: 'Préstamos al instante para asalariados',
      users: 'Más de 3 millones de usuarios confían en nosotros',
      amount: 'Préstamos de {{min}} a {{max}} en 2 horas',
      eligibility: 'Pueden solicitarlo asalariados con ingresos de {{salary}} o más',
    },
    MX: {
      tagline: 'Préstamos al instante en pesos, rápidos y seguros',
      users: 'Más de 1 millón de usuarios en México confían en nosotros',
      amount: 'Préstamos de {{min}} a {{max}} en 2 horas',
      eligibility: 'Ingreso mensual de {{salary}} o más',
    },
  },
}

export const SHARED_TEXTS: Readonly<Record<Locale, SharedTexts>> = { id, en, es }

/** A shared text with its `{{name}}` placeholders filled (the web's translator fills its own). */
export function fillText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole)
}
