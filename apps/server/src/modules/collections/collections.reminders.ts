import type { FastifyBaseLogger } from 'fastify'
import { MARKETS, addDays, checkContactWindow, formatMoney, reminderStepOn, type Market } from '@kilat/domain'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Db } from '../../db/client.js'
import { textsFor } from '../../i18n/index.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { installmentsDueOn } from '../orders/orders.service.js'
import * as repo from './collections.repo.js'

/**
 * Reminders before a payment falls due (docs/product/collections.md#reminders): 3 days before, the
 * day before and on the due date, by SMS in the borrower's language, only while the market's
 * contact window is open in the borrower's local time, at most one a day per borrower, never for a
 * settled order (its installments are no longer read), each recorded in the order's contact log.
 *
 * Once across processes: each reminder's log line is its claim, inserted with ON CONFLICT DO
 * NOTHING against two partial unique indexes (one per installment and step, one per borrower and
 * local day). Only the process whose insert went in sends the SMS; the others get no row back. The
 * claim commits before the send, so a process that dies between the two loses that reminder rather
 * than sending it twice: a reminder is sent at most once.
 */

export interface ReminderDeps {
  db: Db
  sms: SmsSender
  log?: FastifyBaseLogger
}

export interface ReminderPassResult {
  /** Installments looked at in open markets. */
  due: number
  sent: number
  failed: number
  /** Reminders another process (or an earlier pass) had already claimed. */
  skipped: number
}

/** One pass at `now`: every market whose window is open now reminds of the installments due on its reminder days. */
export async function runReminders(deps: ReminderDeps, now: Date, markets: readonly Market[] = MARKETS): Promise<ReminderPassResult> {
  const result: ReminderPassResult = { due: 0, sent: 0, failed: 0, skipped: 0 }
  for (const market of markets) {
    const window = checkContactWindow(now, market)
    if (!window.allowed) continue
    const today = window.local.date
    // the due dates reminded of today: today, tomorrow and in 3 days
    const dueDates = [today, addDays(today, 1), addDays(today, 3)]
    const installments = await installmentsDueOn(deps.db, market, dueDates)
    for (const item of installments) {
      const step = reminderStepOn(item.dueDate, today)
      if (!step) continue
      result.due += 1
      const claim = await repo.claimReminder(deps.db, {
        orderKey: item.orderKey,
        borrowerId: item.borrowerId,
        market,
        staffId: null,
        channel: 'sms',
        outcome: 'reminder_sent',
        note: '',
        reminderStep: step,
        periodNo: item.periodNo,
        localDate: today,
        at: now,
      })
      if (!claim) {
        result.skipped += 1
        continue
      }
      const text = textsFor(item.locale).sms.paymentReminder(step, item.orderNo, formatMoney(item.owed, market), item.dueDate)
      try {
        await deps.sms.send({ to: item.phone, text, purpose: 'reminder' })
        result.sent += 1
      } catch (error) {
        result.failed += 1
        deps.log?.warn({ err: error, orderNo: item.orderNo }, 'payment reminder not sent')
        await repo.markReminderFailed(deps.db, claim.id, (error instanceof Error ? error.message : 'send failed').slice(0, 200))
      }
    }
  }
  return result
}

/** Runs the reminders every `intervalSeconds` (a listening server's; tests run passes themselves). */
export function startReminders(deps: ReminderDeps, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  return repeatPass('reminders', async () => ({ ...(await runReminders({ ...deps, log }, new Date())) }), intervalSeconds, log)
}
