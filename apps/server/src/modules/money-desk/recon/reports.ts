import { and, eq } from 'drizzle-orm'
import { withAppErrors } from '../../../http/provider-errors.js'
import { cents, sumCents, type Market } from '@kilat/domain'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import type { Db, Executor } from '../../../db/client.js'
import { gatewayReportLines, gatewayReports, type GatewayReport } from '../reconciliation.schema.js'

/** Lines go into the database this many at a time. */
const LINE_BATCH = 1_000

/** The stored report of the market's day, if fetched. */
export async function storedReport(db: Executor, gateway: string, market: Market, day: string): Promise<GatewayReport | undefined> {
  const [row] = await db
    .select()
    .from(gatewayReports)
    .where(and(eq(gatewayReports.gateway, gateway), eq(gatewayReports.market, market), eq(gatewayReports.day, day)))
  return row
}

/**
 * Fetches the gateway's settlement report of the market's day and stores it, once
 * (docs/product/operations.md#the-gateways-daily-report): a report already stored is answered as
 * it is; of two processes fetching at once, the report's unique key lets one store it and the
 * other's transaction store nothing. A report is evidence: its rows are never changed (drizzle/0015).
 */
export async function fetchReport(db: Db, gateway: PaymentGateway, market: Market, day: string): Promise<{ report: GatewayReport; fetched: boolean }> {
  const stored = await storedReport(db, gateway.name, market, day)
  if (stored) return { report: stored, fetched: false }
  const fetched = await withAppErrors(() => gateway.reportOf(market, day))
  return db.transaction(async (tx) => {
    const [report] = await tx
      .insert(gatewayReports)
      .values({
        gateway: gateway.name,
        market,
        day,
        lineCount: fetched.lines.length,
        total: sumCents(fetched.lines.map((l) => l.amount)),
        feeTotal: sumCents(fetched.lines.map((l) => l.fee)),
      })
      .onConflictDoNothing()
      .returning()
    if (!report) return { report: (await storedReport(tx, gateway.name, market, day))!, fetched: false }
    for (let i = 0; i < fetched.lines.length; i += LINE_BATCH) {
      await tx
        .insert(gatewayReportLines)
        .values(
          fetched.lines.slice(i, i + LINE_BATCH).map((l) => ({
            reportId: report.id,
            gatewayPaymentId: l.gatewayPaymentId,
            accountNo: l.accountNo,
            amount: cents(l.amount),
            fee: cents(l.fee),
            paidAt: l.paidAt,
          })),
        )
        // a gateway that lists a payment twice in one report: kept once
        .onConflictDoNothing()
    }
    return { report, fetched: true }
  })
}
