import type { FastifyInstance } from 'fastify'
import {
  COMPLAINT_DESK_ROLES,
  OPS_COMPLAINT_IMAGE_PATH,
  complaintAssign,
  complaintClose,
  complaintDeskDetail,
  complaintNote,
  complaintQueue,
  complaintReply,
  complaintReplyImage,
} from '@kilat/contract'
import { STORED_NAME } from '../../adapters/storage/file-storage.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import * as desk from './desk.service.js'

/** The complaint desk of the operations console (docs/product/operations.md#complaint-desk). */
export function deskRoutes(app: FastifyInstance, deps: desk.DeskDeps): void {
  registerCall(app, complaintQueue, ({ req, staff, query }) => desk.queueOf(app.db, staff, req.locale, query, deps.now()))

  registerCall(app, complaintDeskDetail, ({ req, staff, query }) => desk.detailOf(app.db, staff, req.locale, query.complaintId, deps.now()))

  registerCall(app, complaintAssign, ({ req, staff, body }) => desk.assign(deps, { staff, ip: req.ip }, body.complaintId))

  registerCall(app, complaintNote, ({ req, staff, body }) => desk.addNote(deps, { staff, ip: req.ip }, body.complaintId, body.text))

  registerCall(app, complaintReplyImage, ({ req, staff, body, files }) => {
    const images = files.filter((f) => f.fieldname === 'image')
    if (images.length !== 1 || files.length !== 1) throw new AppError('invalidRequest', { data: { fields: ['image'] } })
    return desk.uploadReplyImage(deps, { staff, ip: req.ip }, body.complaintId, images[0]!.data)
  })

  registerCall(app, complaintReply, ({ req, staff, body }) => desk.reply(deps, { staff, ip: req.ip }, req.locale, body.complaintId, body))

  registerCall(app, complaintClose, ({ req, staff, body }) => desk.close(deps, { staff, ip: req.ip }, req.locale, body.complaintId, body.outcome, body.correctReport))

  // A complaint's images for the console, by the staff cookie (an <img> sends it): a staff member of
  // the desk's roles and of the borrower's market; anything else reads "not found".
  app.get<{ Params: { name: string } }>(`${OPS_COMPLAINT_IMAGE_PATH}:name`, async (req, reply) => {
    const staff = await req.resolveStaff()
    if (!staff) throw new AppError('sessionRequired')
    if (!req.sharedParams.lang) req.locale = staff.language
    if (!(COMPLAINT_DESK_ROLES as readonly string[]).includes(staff.role)) throw new AppError('staffForbidden')
    if (!STORED_NAME.test(req.params.name)) throw new AppError('notFound')
    const image = await desk.imageForStaff(deps, staff, req.params.name)
    return reply
      .type(image.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.data)
  })
}
