import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERRORS, type Family } from '@kilat/contract'
import { errorEnvelope } from './envelope.js'
import { mapError } from './errors.js'
import { isOpsCall, settleOpsLocale } from './route.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function familyOf(request: FastifyRequest): Family {
  return request.routeOptions?.config?.family ?? 'code0'
}

/**
 * The language of an answer given before the route's own checks ran (a body that is not JSON, a
 * path that does not exist): the request's, as every answer's (docs/product/markets-and-formats.md#choosing-the-market-and-language),
 * and for the console's calls the console's (docs/product/operations.md#sessions), never Indonesian by default.
 */
async function localeOf(request: FastifyRequest) {
  if (isOpsCall(request)) await settleOpsLocale(request)
  return request.locale
}

/**
 * One place turns every failure into the route's envelope (docs/product/envelopes-and-errors.md#envelope-families): the catalogue's
 * HTTP status, the message in the caller's language, and never a stack or an internal message.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error)
    if (mapped.unexpected) request.log.error({ err: error, ...(mapped.sqlState ? { sqlState: mapped.sqlState } : {}) }, 'request failed')
    else if (mapped.key === 'invalidRequest') request.log.info({ fields: (mapped.data as { fields?: string[] })?.fields }, 'invalid request')
    const body = errorEnvelope(familyOf(request), mapped.key, await localeOf(request), {
      ...(mapped.message ? { message: mapped.message } : {}),
      data: mapped.data,
    })
    return reply
      .status(ERRORS[mapped.key].status)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body)
  })

  app.setNotFoundHandler(async (request, reply) => {
    // A known path asked with another method is "not supported" rather than "not found".
    const url = request.url.split('?')[0] ?? '/'
    const known = METHODS.some((method) => method !== request.method && app.hasRoute({ url, method }))
    const key = known ? 'methodNotAllowed' : 'notFound'
    return reply.status(ERRORS[key].status).send(errorEnvelope('code0', key, await localeOf(request)))
  })
}
