import type { FastifyInstance, FastifyRequest } from 'fastify'
import { channelTemplate, demoLastCaptcha, demoLastRegistrationSms, getCaptcha, getSid, getSms, register, trackClick, trackVisit } from '@kilat/contract'
import { promotionImage } from '../../content/promotion-images.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import * as registration from './registration.service.js'

const callerOf = (req: FastifyRequest): registration.Caller => ({ market: req.market, locale: req.locale, ip: req.ip })

/** Promotion landing pages: templates, tracking, sid, captcha, SMS code, registration (docs/product/registration.md). */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const deps: registration.RegistrationDeps = { db: app.db, sms: app.sms, config: app.config }
  const demo = app.config.DEMO_MODE

  registerCall(app, channelTemplate, ({ req, reply, query }) => {
    // The same for every visitor: shared caches may keep it a few minutes.
    reply.header('cache-control', 'public, max-age=300')
    return registration.templateOf(app.db, query.templateId, req.locale)
  })

  registerCall(app, trackVisit, ({ req, query }) => registration.track(app.db, callerOf(req), 'visit', query))
  registerCall(app, trackClick, ({ req, query }) => registration.track(app.db, callerOf(req), 'click', query))

  registerCall(app, getSid, ({ req, query }) => registration.newSid(app.db, req, query))

  // An image, not an envelope; errors (an unknown sid) still answer the envelope.
  registerCall(app, getCaptcha, async ({ query, reply }) => {
    const png = await registration.newCaptcha(app.db, query.sid, { demo })
    await reply.type('image/png').header('cache-control', 'no-store').send(png)
    return null
  })

  registerCall(app, getSms, ({ req, body }) => registration.sendRegistrationCode(deps, callerOf(req), body))
  registerCall(app, register, ({ req, body }) => registration.registerBorrower(deps, callerOf(req), body))

  if (demo) {
    registerCall(app, demoLastCaptcha, ({ query }) => registration.lastCaptchaAnswer(app.db, query.sid))
    registerCall(app, demoLastRegistrationSms, ({ req, query }) => registration.lastRegistrationCode(app.db, req.market, query.phone))
  }

  // The templates' images (content/promotion-images.ts), cached long: they change with the code only.
  app.get<{ Params: { name: string } }>('/media/promotion/:name.svg', async (req, reply) => {
    const svg = /^[a-z0-9-]{1,32}$/.test(req.params.name) ? promotionImage(req.params.name) : undefined
    if (!svg) throw new AppError('notFound')
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg)
  })
}
