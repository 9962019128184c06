import swagger, { type SwaggerTransform } from '@fastify/swagger'
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import { z } from 'zod'
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import {
  ERRORS,
  OPS_API_PREFIX,
  SHARED_PARAM_KEYS,
  sharedParamsSchema,
  SUCCESS_CODE,
  type CallDef,
  type ErrorKey,
  type Family,
} from '@kilat/contract'
import { AppError } from '../errors.js'
import { SESSION_COOKIE } from '../sessions.js'
import { errorsOf } from './call-errors.js'
import { referencePage } from './reference-page.js'

/** docs/decisions/0017-openapi.md: where the document and its reference page are served. */
export const OPENAPI_PATH = '/h5-api/openapi.json'
export const REFERENCE_PATH = '/h5-api/reference'

/** The multipart field a call's one file travels in (the contract says so in its comments). */
const FILE_FIELDS: Readonly<Record<string, string>> = {
  '/h5-api/user-problem/upload-problem-img': 'problemImage',
  '/ops-api/complaints/reply-image': 'image',
}

type JsonSchema = Record<string, unknown>

const FAMILY_TEXT: Record<Family, string> = {
  code0: '`{"code": 0, "data": …, "message": "success"}`',
  code00: '`{"code": "00", "data": …, "message": "success"}`',
  success: '`{"success": true, "data": …}`',
}

const description = (staffCookie: string) => [
  'Every call of the Kilat mobile web app, its public pages and the operations console, generated from `packages/contract`.',
  '',
  'Each answer is JSON in its call\'s envelope family (`x-kilat-family`), errors included: `code0`, `code00` or `success`',
  '(docs/product/envelopes-and-errors.md#envelope-families). Each error response lists the codes it carries with their',
  'English message; the message comes in the request\'s language (`lang`), and an error\'s `data` is null or its details',
  '(`invalidRequest`: `{"fields": [...]}`, the parameters refused). An unknown path answers `notFound` (1002, 404)',
  'and a known path asked with another method `methodNotAllowed` (1003, 405), both in the `code0` envelope.',
  '',
  'Every call also takes the app shell\'s shared parameters in its query (`components.parameters`); a POST body is',
  'form-encoded or JSON, an upload multipart. A borrower\'s session is the shared parameter `tok` (or `sessionId`) or',
  `the \`${SESSION_COOKIE}\` cookie; a staff member's the \`${staffCookie}\` cookie, and a console POST carries`,
  '`X-Requested-With: XMLHttpRequest` (as does a POST authenticated by the borrower\'s cookie alone).',
].join('\n')

/** The part of an operation's id a path gives: `/h5-api/v3/user/sms-code` → `h5Api.v3.user.smsCode`. */
function operationIdOf(method: string, path: string): string {
  const camel = (segment: string) => segment.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase())
  return `${method.toLowerCase()}.${path.split('/').filter(Boolean).map(camel).join('.')}`
}

function audienceOf(call: CallDef): string {
  if (call.path.startsWith(`${OPS_API_PREFIX}/`)) return 'ops'
  return call.auth === 'none' ? 'public' : 'borrower'
}

/** Demo-mode calls say so: a server without demo mode does not serve them. */
const isDemoCall = (call: CallDef) => call.path.includes('/demo/')

function securityOf(call: CallDef): FastifySchema['security'] {
  if (call.auth === 'borrower') return [{ borrowerToken: [] }, { borrowerSessionId: [] }, { borrowerCookie: [] }]
  if (call.auth === 'optional') return [{}, { borrowerToken: [] }, { borrowerSessionId: [] }, { borrowerCookie: [] }]
  if (call.auth === 'staff') return [{ staffCookie: [] }]
  return []
}

function errorDescription(keys: readonly ErrorKey[]): string {
  return keys.map((key) => `\`${ERRORS[key].code}\` ${key}: ${ERRORS[key].messages.en}`).join('\n\n')
}

const ERROR_SCHEMA: Record<Family, string> = { code0: 'error.code0', code00: 'error.code00', success: 'error.success' }

/** The error envelope of each family; an operation's responses narrow its `code` to theirs. */
function errorSchemas(): Record<string, JsonSchema> {
  const data = { type: ['object', 'null'], description: 'null, or details of the error (`invalidRequest`: `fields`, the parameters refused)' }
  const message = { type: 'string', description: 'why, in the request\'s language' }
  const envelope = (code: JsonSchema) => ({ type: 'object', required: ['code', 'data', 'message'], properties: { code, data, message } })
  return {
    'error.code0': envelope({ type: 'integer' }),
    'error.code00': envelope({ type: 'string', pattern: '^-?[0-9]+$' }),
    'error.success': { type: 'object', required: ['success', 'data', 'code', 'message'], properties: { success: { const: false }, data, code: { type: 'integer' }, message } },
  }
}

/**
 * An error response's codes (all of one HTTP status) with their messages as its description; the
 * transformObject step puts the family's envelope around them.
 */
function errorCodesJson(family: Family, keys: readonly ErrorKey[]): JsonSchema {
  const codes = keys.map((key) => (family === 'code00' ? String(ERRORS[key].code) : ERRORS[key].code))
  return { type: 'object', description: errorDescription(keys), properties: { code: { enum: codes } } }
}

function errorResponses(call: CallDef, method: 'GET' | 'POST'): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorKey[]>()
  for (const key of errorsOf(call, method)) {
    const status = ERRORS[key].status
    byStatus.set(status, [...(byStatus.get(status) ?? []), key])
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b)
  return Object.fromEntries(statuses.map((status) => [String(status), errorCodesJson(call.family, byStatus.get(status)!)]))
}

/** The query of the document: the call's own fields (the shared ones are listed once, as components). */
function ownQueryOf(call: CallDef, method: 'GET' | 'POST') {
  if (method !== 'GET' || call.method !== 'GET_POST') return call.query
  const { query, body } = call
  return query instanceof z.ZodObject && body instanceof z.ZodObject ? query.extend(body.shape) : query.and(body)
}

/** The family's success envelope around `data` (errors are described apart, per status). */
function successEnvelope(family: Family, data: z.ZodType): z.ZodType {
  if (family === 'success') return z.object({ success: z.literal(true), data })
  return z.object({ code: z.literal(SUCCESS_CODE[family]), data, message: z.string() })
}

const zodTransform = createJsonSchemaTransform({})

/**
 * A contract call's operation: its own query and body from its zod schemas (through the zod
 * provider's transform, which reads the schemas registerCall validates with), the family's success
 * envelope around `data` and one error envelope per HTTP status with the codes it carries. Routes
 * that are not contract calls (pages, files, health, the payment webhook, the sandbox) are left out.
 */
const transform: SwaggerTransform = (document) => {
  const { route, url } = document
  const call = route.config?.call
  if (!call) return { schema: { hide: true }, url }
  const method = route.method === 'GET' ? 'GET' : 'POST'
  const multipart = call.bodyType === 'multipart'
  const schema: FastifySchema = {
    querystring: ownQueryOf(call, method),
    response: { 200: successEnvelope(call.family, call.data) },
  }
  if (method === 'POST') schema.body = call.body
  const converted = zodTransform({ ...document, schema }).schema as FastifySchema & { response: Record<string, JsonSchema>; body?: JsonSchema }
  const success = converted.response['200']!
  success.description = `Success: ${FAMILY_TEXT[call.family]}`
  Object.assign(converted.response, errorResponses(call, method))
  const fileField = FILE_FIELDS[call.path]
  if (multipart && converted.body && fileField) {
    const properties = (converted.body.properties ?? {}) as Record<string, JsonSchema>
    converted.body = { ...converted.body, properties: { ...properties, [fileField]: { type: 'string', contentMediaType: 'application/octet-stream', description: 'the file' } }, required: [...((converted.body.required as string[] | undefined) ?? []), fileField] }
  }
  const tags = [audienceOf(call), ...(isDemoCall(call) ? ['demo'] : [])]
  const auth = call.auth === 'staff' ? `staff (${(call.roles ?? []).join(', ')})` : call.auth
  return {
    url,
    schema: {
      ...converted,
      operationId: operationIdOf(method, call.path),
      summary: `${method} ${call.path}`,
      description:
        `Envelope \`${call.family}\`; session: ${auth}.` +
        (call.method === 'GET_POST' ? ' Served as GET (parameters in the query) and POST (in the body).' : '') +
        (isDemoCall(call) ? ' Demo mode only.' : ''),
      tags,
      consumes: multipart ? ['multipart/form-data'] : ['application/x-www-form-urlencoded', 'application/json'],
      security: securityOf(call),
      'x-kilat-family': call.family,
      'x-kilat-auth': call.auth,
      ...(call.auth === 'staff' ? { 'x-kilat-roles': [...(call.roles ?? [])] } : {}),
      'x-kilat-errors': errorsOf(call, method),
    } as FastifySchema,
  }
}

/** The shared parameters, once: every operation refers to them. */
function sharedParameters(): Record<string, JsonSchema> {
  const fields = zodTransform({
    schema: { querystring: sharedParamsSchema },
    url: '/',
    route: { method: 'GET', url: '/', handler: () => undefined },
    openapiObject: { openapi: '3.1.0' },
  } as Parameters<SwaggerTransform>[0]).schema as { querystring: { properties: Record<string, JsonSchema> } }
  return Object.fromEntries(
    SHARED_PARAM_KEYS.map((key) => [`shared.${key}`, { name: key, in: 'query', required: false, schema: fields.querystring.properties[key]! }]),
  )
}

type Operation = { parameters?: unknown[]; [key: string]: unknown }

function securitySchemes(staffCookie: string) {
  return {
    borrowerToken: { type: 'apiKey', in: 'query', name: 'tok', description: 'the borrower\'s session token, as the app shell opens a page' },
    borrowerSessionId: { type: 'apiKey', in: 'query', name: 'sessionId', description: 'the same token, in the second naming set' },
    borrowerCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'set by a page opened with its token, and by sms-login' },
    staffCookie: { type: 'apiKey', in: 'cookie', name: staffCookie, description: 'set by the staff sign-in (password, then the authenticator\'s code)' },
  } as const
}

/** Paths in order, each operation's shared parameters as references, and the components they name. */
const transformObject: typeof jsonSchemaTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> }
  const paths = document.paths ?? {}
  const sorted: Record<string, Record<string, Operation>> = {}
  for (const path of Object.keys(paths).sort()) {
    const item = paths[path]!
    for (const operation of Object.values(item)) {
      const family = operation['x-kilat-family'] as Family
      for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: Record<string, { schema?: JsonSchema }> }>)) {
        const content = response.content?.['application/json']
        if (!content?.schema) continue
        delete content.schema.description
        // an error's envelope once, in the components; each status narrows its code
        if (status !== '200') content.schema = { allOf: [{ $ref: `#/components/schemas/${ERROR_SCHEMA[family]}` }, { properties: { code: (content.schema.properties as JsonSchema).code } }] }
      }
      // the call's own query (the transform leaves the shared parameters out), which may redefine one of them
      const own = (operation.parameters ?? []) as Array<{ name: string }>
      const shared = SHARED_PARAM_KEYS.filter((key) => !own.some((p) => p.name === key))
      operation.parameters = [...shared.map((key) => ({ $ref: `#/components/parameters/shared.${key}` })), ...own]
    }
    sorted[path] = item
  }
  return {
    ...document,
    paths: sorted,
    components: {
      ...document.components,
      parameters: sharedParameters(),
      schemas: { ...(document.components?.schemas as object), ...errorSchemas() },
    },
  } as ReturnType<typeof jsonSchemaTransformObject>
}

/**
 * Collects every route's schemas as it is registered, for the document built at its first request
 * (and cached): nothing runs per request. Registered before the modules, whose routes it must see.
 */
export async function registerOpenApi(app: FastifyInstance, options: { staffCookie: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Kilat API', version: '1', description: description(options.staffCookie) },
      components: { securitySchemes: securitySchemes(options.staffCookie) },
      tags: [
        { name: 'borrower', description: 'calls of the borrower screens, with or without a session' },
        { name: 'public', description: 'calls without a session: the SMS sign-in, registration, public figures' },
        { name: 'ops', description: 'calls of the operations console (`/ops-api`), for staff' },
        { name: 'demo', description: 'demo mode only' },
      ],
    },
    transform,
    transformObject,
  })

  /** Open in demo mode; otherwise the staff's, as the rest of the console. */
  const guard = async (req: FastifyRequest) => {
    if (app.config.DEMO_MODE) return
    if (!(await req.resolveStaff())) throw new AppError('sessionRequired')
  }

  app.get(OPENAPI_PATH, { config: { family: 'code0' }, preHandler: guard }, async (_req, reply) => {
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8')
    return openApiText(app)
  })

  app.get(REFERENCE_PATH, { config: { family: 'code0' }, preHandler: guard }, async (_req, reply) => {
    const page = referencePage(app.swagger() as unknown as Parameters<typeof referencePage>[0])
    reply.header('cache-control', 'no-store').header('content-security-policy', page.csp).type('text/html; charset=utf-8')
    return page.html
  })
}

/** The document as `npm run openapi` writes it: stable key order, two-space indent, a final newline. */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`
}
