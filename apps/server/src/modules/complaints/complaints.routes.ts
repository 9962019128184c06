import type { FastifyInstance } from 'fastify'
import {
  contactKfInfo,
  problemDetail,
  problemInit,
  problemInitV3,
  problemList,
  problemSave,
  saveScore,
  uploadProblemImg,
} from '@kilat/contract'
import { STORED_NAME, etagMatches, type FileStorage } from '../../adapters/storage/file-storage.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import * as complaints from './complaints.service.js'
import { deskRoutes } from './desk.routes.js'

export interface ComplaintsOptions {
  /** Where images are kept (app.ts chooses: the database on PostgreSQL, else the local disk). */
  storage: FileStorage
  /** The clock of the complaint desk's dates (tests move it). */
  now?: () => Date
}

/** Complaints, their images and the customer-service contact (docs/product/complaints.md). */
export async function complaintsRoutes(app: FastifyInstance, options: ComplaintsOptions): Promise<void> {
  const deps: complaints.ComplaintDeps = { db: app.db, storage: options.storage, config: app.config }
  deskRoutes(app, { ...deps, now: options.now ?? (() => new Date()) })

  for (const call of [problemInit, problemInitV3]) {
    registerCall(app, call, ({ req, borrower, body }) => complaints.initOf(app.db, borrower, req.locale, body.orderNo ?? body.orderId))
  }

  registerCall(app, problemSave, ({ borrower, body }) => complaints.saveComplaint(app.db, borrower, body))

  registerCall(app, uploadProblemImg, async ({ borrower, files }) => {
    const images = files.filter((f) => f.fieldname === 'problemImage')
    if (images.length !== 1 || files.length !== 1) throw new AppError('invalidRequest', { data: { fields: ['problemImage'] } })
    return complaints.uploadImage(deps, borrower, images[0]!)
  })

  registerCall(app, problemList, ({ req, borrower }) => complaints.listOf(app.db, borrower, req.locale))

  registerCall(app, problemDetail, ({ req, borrower, body }) => complaints.detailOf(app.db, borrower, req.locale, body.problemId))

  registerCall(app, saveScore, async ({ borrower, body }) => {
    await complaints.scoreOf(app.db, borrower, body.problemId, body.score)
    return null
  })

  registerCall(app, contactKfInfo, ({ req, maybeBorrower }) => complaints.contactOf(app.config, maybeBorrower?.market ?? req.market, req.locale))

  // docs/product/complaints.md#images: an image answers its owner only, by the session (the cookie
  // for an <img>); anyone else, or no such image, reads "not found". A stored image never changes,
  // so its content hash is its ETag: a webview revalidating its copy gets a 304 without the bytes.
  app.get<{ Params: { name: string } }>(`${complaints.IMAGE_PATH}:name`, async (req, reply) => {
    const session = await req.resolveSession()
    if (!session) throw new AppError('sessionRequired')
    if (!STORED_NAME.test(req.params.name)) throw new AppError('notFound')
    const ifNoneMatch = req.headers['if-none-match']
    const image = await complaints.imageFor(deps, session.borrower, req.params.name, ifNoneMatch ? (etag) => etagMatches(ifNoneMatch, etag) : undefined)
    reply.header('cache-control', 'private, max-age=86400').header('etag', image.etag)
    if (image.data === null) return reply.code(304).send()
    return reply
      .type(image.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.data)
  })
}
