import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERRORS, type Family } from '@kilat/contract'
import { errorEnvelope } from './envelope.js'
import { mapError } from './errors.js'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function familyOf(request: FastifyRequest): Family {
  return request.routeOptions?.config?.family ?? 'code0'
}

/**
 * One place turns every failure into the route's envelope (docs/product/envelopes-and-errors.md#envelope-families): the catalogue's
 * HTTP status, the message in the borrower's language, and never a stack or an internal message.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error)
    if (mapped.unexpected) request.log.error({ err: error, ...(mapped.sqlState ? { sqlState: mapped.sqlState } : {}) }, 'request failed')
    else if (mapped.key === 'invalidRequest') request.log.info({ fields: (mapped.data as { fields?: string[] })?.fields }, 'invalid request')
    const body = errorEnvelope(familyOf(request), mapped.key, request.locale ?? 'id', {
      ...(mapped.message ? { message: mapped.message } : {}),
      data: mapped.data,
    })
    return reply
      .status(ERRORS[mapped.key].status)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    // A known path asked with another method is "not supported" rather than "not found".
    const url = request.url.split('?')[0] ?? '/'
    const known = METHODS.some((method) => method !== request.method && app.hasRoute({ url, method }))
    const key = known ? 'methodNotAllowed' : 'notFound'
    return reply.status(ERRORS[key].status).send(errorEnvelope('code0', key, request.locale ?? 'id'))
  })
}
