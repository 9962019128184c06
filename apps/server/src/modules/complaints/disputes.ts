import { CREDIT_REPORT_PROBLEM_TYPE, type DisputeState } from '@kilat/contract'
import { disputeDueOn, localDate, type Locale, type Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { disputeStatesOf } from '../credit-reporting/credit-reporting.service.js'
import type { ComplaintStatusName } from './complaints.schema.js'

/**
 * Credit-report disputes (docs/product/credit-reporting.md#disputes): a complaint of the type "my
 * credit report is wrong" is about an order's reported records. Its reply is due by the market's
 * dispute rule (packages/domain credit-disputes.ts), and it carries a state the borrower and the
 * desk read: received while it is worked on; a correction queued for the next run, then sent, once
 * it was closed with one (the credit-reporting module keeps that); no change when it was closed
 * without one.
 */

export const isDispute = (problemType: number): boolean => problemType === CREDIT_REPORT_PROBLEM_TYPE

/** The reply-due date of a complaint filed at `filedAt`: the dispute rule for a dispute, else our promise. */
export function disputeReplyDue(filedAt: Date, market: Market): string {
  return disputeDueOn(market, localDate(filedAt, market))
}

type DisputeRow = { id: number; problemType: number; status: ComplaintStatusName }

/**
 * Where each dispute among `rows` stands; other complaints are absent. The credit-reporting module
 * is asked only when there is a closed dispute, the only kind that can carry a correction.
 */
export async function disputeStates(db: Executor, rows: readonly DisputeRow[]): Promise<Map<number, DisputeState>> {
  const disputes = rows.filter((r) => isDispute(r.problemType))
  const closed = disputes.filter((r) => r.status === 'closed').map((r) => r.id)
  const corrections = closed.length > 0 ? await disputeStatesOf(db, closed) : new Map<number, 'correction_queued' | 'correction_sent'>()
  return new Map(disputes.map((r) => [r.id, corrections.get(r.id) ?? (r.status === 'closed' ? 'no_change' : 'received')]))
}

/** A dispute's state as the borrower reads it, in the module's words (complaints.service.ts). */
export const DISPUTE_STATE_TEXT: Record<Locale, Record<DisputeState, string>> = {
  id: {
    received: 'Sengketa laporan kredit Anda sudah kami terima. Kami sedang memeriksa catatan yang kami laporkan.',
    correction_queued: 'Catatan Anda kami perbaiki. Perbaikannya dikirim bersama laporan kredit kami berikutnya.',
    correction_sent: 'Perbaikan catatan Anda sudah dikirim ke lembaga informasi kredit.',
    no_change: 'Selesai tanpa perubahan: catatan kredit Anda tetap seperti yang dilaporkan.',
  },
  en: {
    received: 'We received your credit report dispute and are checking the records we reported.',
    correction_queued: 'We are correcting your record. The correction goes out with our next credit report.',
    correction_sent: 'The correction of your record was sent to the credit bureaus.',
    no_change: 'Closed without a change: your credit record stays as it was reported.',
  },
  es: {
    received: 'Recibimos tu disputa del reporte de crédito y estamos revisando los registros que reportamos.',
    correction_queued: 'Estamos corrigiendo tu registro. La corrección se envía con nuestro siguiente reporte de crédito.',
    correction_sent: 'La corrección de tu registro se envió a las sociedades de información crediticia.',
    no_change: 'Cerrada sin cambios: tu registro de crédito se mantiene como se reportó.',
  },
}
