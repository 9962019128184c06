import type { FastifyInstance } from 'fastify'
import {
  opsBureauDownload,
  opsBureauOrderRecords,
  opsBureauRebuild,
  opsBureauRun,
  opsBureauRuns,
  opsBureauSendConfirm,
  opsBureauSendRequest,
  opsBureauSendWithdraw,
} from '@kilat/contract'
import { sendTextDownload } from '../../http/csv-download.js'
import { registerCall } from '../../http/route.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { decideSend, download, rebuild, requestSend, runOf, runsOf, type DeskDeps } from './desk.js'
import { runReportingJob } from './job.js'
import { orderRecordsOf } from './order-records.js'

export interface ReportingOptions {
  now: () => Date
}

/** Credit bureau reporting (docs/product/credit-reporting.md): finance's calls, and the job that builds each period's runs. */
export async function creditReportingRoutes(app: FastifyInstance, { now }: ReportingOptions): Promise<void> {
  const deps: DeskDeps = { db: app.db, secrets: app.secrets, now, config: app.config }
  registerCall(app, opsBureauRuns, ({ staff, query }) => runsOf(deps, staff, query.market))
  registerCall(app, opsBureauRun, ({ staff, query }) => runOf(deps, staff, query.runId))
  registerCall(app, opsBureauRebuild, ({ staff, body, req }) => rebuild(deps, staff, req.ip, body))
  registerCall(app, opsBureauSendRequest, ({ staff, body, req }) => requestSend(deps, staff, req.ip, body))
  registerCall(app, opsBureauSendConfirm, ({ staff, body, req }) => decideSend(deps, staff, req.ip, body.requestId, 'confirm'))
  registerCall(app, opsBureauSendWithdraw, ({ staff, body, req }) => decideSend(deps, staff, req.ip, body.requestId, 'withdraw'))
  registerCall(app, opsBureauOrderRecords, ({ staff, query }) => orderRecordsOf(app.db, staff, query.orderNo))
  registerCall(app, opsBureauDownload, async ({ staff, query, req, reply }) => {
    const file = await download(deps, staff, req.ip, query)
    await sendTextDownload(reply, file.filename, file.lines, { kind: 'bureau', run: file.run.id, bureau: query.bureau })
    return reply
  })

  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    let job: RepeatingPass | undefined
    app.addHook('onListen', async () => {
      job = repeatPass('credit reporting', () => runReportingJob(deps), interval, app.log)
    })
    app.addHook('preClose', async () => {
      await job?.stop()
    })
  }
}
