import { sql, type SQL } from 'drizzle-orm'
import type { Cents } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'

/**
 * What an order owes, in SQL: the domain's `owedOf` (packages/domain/src/owed.ts;
 * docs/product/money-rules.md#repayment) written once for the statements that read it in the
 * database, many orders at a time or inside a job's transaction: the collections desk's buckets,
 * queue and promise check, the reminders, and the late-charge job. Nothing else writes the formula;
 * `orders.owed.test.ts` holds it to `owedOf` on generated orders, on PGlite and PostgreSQL.
 *
 * - A period's paid parts: the stored split when it adds up to `paid`, else `paid` split interest
 *   first (`paidPartsOf`).
 * - Its interest owed: the interest less what is paid and waived; its principal owed: the principal
 *   less what is paid. Each never below nothing.
 * - The late charges owed: the penalty less what is paid and waived, never below nothing. No fee is
 *   owed once the loan is paid out (the admin fee was deducted at payout).
 * - An overpayment and its refund never enter it (docs/product/waivers-and-refunds.md#refunds): the
 *   order's `paid` is not read, only each period's and the penalty's own figures.
 */

const col = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`

/** What of a period's interest and principal is paid (`paidPartsOf`), for the `order_periods` row `op`. */
function paidPartsSql(op: string): { interestPaid: SQL; principalPaid: SQL } {
  const paid = col(op, 'paid')
  const interest = col(op, 'interest')
  const interestPaid = col(op, 'interest_paid')
  const principalPaid = col(op, 'principal_paid')
  const stored = sql`${interestPaid} + ${principalPaid} = ${paid}`
  return {
    interestPaid: sql`(case when ${stored} then ${interestPaid} else least(${paid}, ${interest}) end)`,
    principalPaid: sql`(case when ${stored} then ${principalPaid} else least(${paid} - least(${paid}, ${interest}), ${col(op, 'principal')}) end)`,
  }
}

/** The interest a period still owes: neither paid nor waived. */
export function periodInterestOwedSql(op = 'op'): SQL {
  return sql`greatest(0, ${col(op, 'interest')} - ${paidPartsSql(op).interestPaid} - ${col(op, 'interest_waived')})`
}

/** The principal a period still owes. */
export function periodPrincipalOwedSql(op = 'op'): SQL {
  return sql`greatest(0, ${col(op, 'principal')} - ${paidPartsSql(op).principalPaid})`
}

/** What a period still owes: its interest and principal owed. */
export function periodOwedSql(op = 'op'): SQL {
  return sql`(${periodInterestOwedSql(op)} + ${periodPrincipalOwedSql(op)})`
}

/** The late charges an order still owes: charged, neither paid nor waived. */
export function lateChargesOwedSql(o = 'o'): SQL {
  return sql`greatest(0, ${col(o, 'penalty')} - ${col(o, 'penalty_paid')} - ${col(o, 'penalty_waived')})`
}

/** Everything the order `o` owes (`totalOwed(owedOf(…))`): its late charges and every period's interest and principal. */
export function orderOwedSql(o = 'o'): SQL {
  return sql`(${lateChargesOwedSql(o)} + coalesce((select sum(${periodOwedSql('owed_op')}) from order_periods owed_op where owed_op.order_id = ${col(o, 'id')}), 0))`
}

/** One period of an order and what it still owes. */
export interface PeriodOwedRow {
  periodNo: number
  dueAt: Date
  interest: Cents
  principal: Cents
}

/** Each period of the order, oldest first, with its interest and principal still owed (`owedOf(…).periods`). */
export async function periodsOwed(db: Executor, orderKey: number): Promise<PeriodOwedRow[]> {
  const rows = await rowsOf<{ period_no: number | string; due_at: string | Date; interest: number | string; principal: number | string }>(
    db.execute(sql`
      select op.period_no, op.due_at, ${periodInterestOwedSql('op')} as interest, ${periodPrincipalOwedSql('op')} as principal
      from order_periods op where op.order_id = ${orderKey} order by op.period_no`),
  )
  return rows.map((r) => ({
    periodNo: Number(r.period_no),
    dueAt: new Date(r.due_at),
    interest: Number(r.interest) as Cents,
    principal: Number(r.principal) as Cents,
  }))
}

/** What the order owes now, late charges included (`totalOwed(owedOf(…))`): the order screen's "owed now". */
export async function orderOwedNow(db: Executor, orderKey: number): Promise<Cents> {
  const [row] = await rowsOf<{ owed: number | string }>(db.execute(sql`select ${orderOwedSql('o')} as owed from orders o where o.id = ${orderKey}`))
  return Number(row?.owed ?? 0) as Cents
}
