import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { z } from 'zod'
import {
  OPS_API_PREFIX,
  sharedParamsSchema,
  type CallDef,
  type DataOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type SharedParams,
} from '@kilat/contract'
import { isMarket } from '@kilat/domain'
import type { Config } from '../config.js'
import { compressAnswer } from './compression.js'
import { okEnvelope } from './envelope.js'
import { AppError } from './errors.js'
import type { ResolvedSession, SessionBorrower as Borrower } from './sessions.js'
import type { StaffPrincipal } from './types.js'

export interface UploadedFile {
  fieldname: string
  filename: string
  mimetype: string
  data: Buffer
}

export interface CallContext<C extends CallDef> {
  /** The call's own query parameters plus the shared ones (for GET_POST called with GET, the body's too). */
  query: ParsedQueryOf<C> & SharedParams
  /** The parsed body; for a GET_POST call made with GET, read from the query string. */
  body: ParsedBodyOf<C>
  /** The signed-in borrower. Reading it without a session answers 401 sessionRequired. */
  readonly borrower: Borrower
  /** The borrower when there is a session (for `auth: 'optional'` calls), else null. */
  maybeBorrower: Borrower | null
  session: ResolvedSession | null
  /** The signed-in staff member of an ops call (`auth: 'staff'`); reading it elsewhere answers 401. */
  readonly staff: StaffPrincipal
  /** Files of a multipart call (`bodyType: 'multipart'`), read into memory within the upload limits. */
  files: UploadedFile[]
  req: FastifyRequest
  reply: FastifyReply
}

export type CallHandler<C extends CallDef> = (ctx: CallContext<C>) => Promise<DataOf<C>> | DataOf<C>

const asObject = (value: unknown) => (value === undefined || value === null ? {} : value)

function shapeOf(schema: z.ZodType): z.ZodRawShape | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as z.ZodRawShape) : undefined
}

/** Shared parameters first, so that a call may redefine one of them for itself. */
function withShared(...schemas: z.ZodType[]): z.ZodType {
  let merged: z.ZodType = sharedParamsSchema
  for (const schema of schemas) {
    const shape = shapeOf(schema)
    merged = shape && merged instanceof z.ZodObject ? merged.extend(shape) : z.intersection(merged, schema)
  }
  return z.preprocess(asObject, merged)
}

function pickKeys(source: Record<string, unknown>, schema: z.ZodType): Record<string, unknown> {
  const shape = shapeOf(schema)
  if (!shape) return source
  return Object.fromEntries(Object.keys(shape).filter((k) => k in source).map((k) => [k, source[k]]))
}

async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!req.isMultipart()) throw new AppError('unsupportedMediaType')
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        // toBuffer enforces the file size limit and throws a 413 error past it.
        files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() })
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    // Limits come with their own status; a truncated or garbled body is the sender's fault.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error
    throw new AppError('invalidRequest')
  }
  return { fields, files }
}

/** Requests whose language the ops call's own checks have settled (see `settleOpsLocale`). */
const opsLocaleSettled = new WeakSet<FastifyRequest>()

/**
 * The console's language (docs/product/operations.md#sessions): `?lang=` when given, else the
 * signed-in staff member's, else English. The call's checks settle it; an answer given before they
 * ran (a body that is not JSON, an unknown path under the console's calls) settles it here, so that
 * it is never the borrowers' default.
 */
export async function settleOpsLocale(req: FastifyRequest): Promise<void> {
  if (opsLocaleSettled.has(req)) return
  opsLocaleSettled.add(req)
  // (the shared parameters are read by the first hook: an answer before it has none)
  if (req.sharedParams?.lang) return
  // the staff session is looked up once per request; a failed lookup leaves the console's default
  const staff = await req.resolveStaff().catch(() => null)
  req.locale = staff?.language ?? 'en'
}

/** Whether a request is one of the console's calls (`/ops-api/…`). */
export const isOpsCall = (req: FastifyRequest) => req.url.startsWith(`${OPS_API_PREFIX}/`)

/**
 * An ops call's access check (docs/product/operations.md#roles): a staff session (a borrower's
 * never counts), one of the call's roles, and the market the console asks about among the staff
 * member's (403). A market the server does not know (`?market=XX`) is bad input, 400
 * `invalidRequest` with `fields: ['market']` (docs/product/operations.md#calls). A record's own
 * market is checked by its module's service (`assertStaffMarket`).
 */
async function authorizeStaff(req: FastifyRequest, roles: readonly string[]): Promise<void> {
  const staff = await req.resolveStaff()
  if (!staff) throw new AppError('sessionRequired')
  if (!req.sharedParams.lang) req.locale = staff.language
  if (!roles.includes(staff.role)) throw new AppError('staffForbidden')
  const market = req.sharedParams.market?.trim().toUpperCase()
  if (market === undefined) return
  if (!isMarket(market)) throw new AppError('invalidRequest', { data: { fields: ['market'] } })
  if (!(staff.markets as string[]).includes(market)) throw new AppError('staffForbidden')
}

/**
 * A record of a market the staff member does not work in is not found, as if it did not exist: a
 * 403 would tell that it does (docs/product/operations.md#roles). A `market` parameter outside the
 * staff member's markets stays a 403 (`authorizeStaff`): it names no record.
 */
export function assertStaffMarket(staff: StaffPrincipal, market: string): void {
  if (!(staff.markets as string[]).includes(market)) throw new AppError('notFound')
}

/**
 * How many answers of a route are checked against its contract's `data` schema: every one in tests
 * and when developing from source (`npm run dev`), where an answer outside the contract is refused
 * with a 500 so that the mistake cannot go unnoticed; one in ANSWER_SAMPLE (the first, then every
 * hundredth) under `npm start`, the built server in development mode, where a failure is logged
 * and the answer still sent; none in production. A check costs about 10 µs for loan-details
 * (docs/decisions/0008-api-performance.md), so sampled it is off the request path in effect.
 */
export type AnswerCheck = 'every' | 'sampled' | 'off'

export const ANSWER_SAMPLE = 100

export function answerCheckOf(nodeEnv: Config['NODE_ENV'], fromSource = import.meta.url.endsWith('.ts')): AnswerCheck {
  if (nodeEnv === 'production') return 'off'
  return nodeEnv === 'test' || fromSource ? 'every' : 'sampled'
}

/**
 * Serves a contract call: path, method, validation of the shared parameters and the call's own
 * query and body, the session check, and the family's envelope around what the handler returns.
 * Errors thrown anywhere become the family's error envelope (see error-handler.ts).
 */
export function registerCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  const methods = call.method === 'GET_POST' ? (['GET', 'POST'] as const) : ([call.method] as const)
  const multipart = call.bodyType === 'multipart'
  const answerCheck = answerCheckOf(app.config.NODE_ENV)
  let answers = 0

  const ops = call.path.startsWith(`${OPS_API_PREFIX}/`)

  const authenticate = async (req: FastifyRequest) => {
    if (ops) {
      // The console speaks English unless the address or the staff member's choice says otherwise.
      opsLocaleSettled.add(req)
      if (!req.sharedParams.lang) req.locale = 'en'
      // The staff cookie is SameSite=Strict; this marker, which a cross-site form cannot add, is a second guard.
      if (req.method === 'POST' && req.headers['x-requested-with'] !== 'XMLHttpRequest') throw new AppError('forbidden')
    }
    if (call.auth === 'staff') return authorizeStaff(req, call.roles ?? [])
    if (call.auth === 'none') return
    const session = await req.resolveSession()
    if (!session) {
      if (call.auth === 'borrower') throw new AppError('sessionRequired')
      return
    }
    // A cross-site form can make the browser send the cookie but cannot add this header.
    if (session.via === 'cookie' && req.method === 'POST' && req.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw new AppError('forbidden')
    }
  }

  for (const method of methods) {
    const bodyInQuery = method === 'GET' && call.method === 'GET_POST'
    const schema: RouteOptions['schema'] = {
      querystring: bodyInQuery ? withShared(call.query, call.body) : withShared(call.query),
    }
    if (method === 'POST' && !multipart) schema.body = z.preprocess(asObject, call.body)

    app.route({
      method,
      url: call.path,
      schema,
      // the call itself, for the OpenAPI document (http/openapi): read once at its first request
      config: { family: call.family, call },
      // answers are compressed in one synchronous step rather than through @fastify/compress's streams
      compress: false,
      onSend: compressAnswer,
      preValidation: authenticate,
      handler: async (req, reply) => {
        const session = call.auth === 'none' || call.auth === 'staff' ? null : await req.resolveSession()
        const staff = call.auth === 'staff' ? await req.resolveStaff() : null
        const query = req.query as Record<string, unknown>
        let body: unknown = req.body
        let files: UploadedFile[] = []
        if (bodyInQuery) {
          body = shapeOf(call.body) ? pickKeys(query, call.body) : call.body.parse(query)
        } else if (multipart && method === 'POST') {
          const parts = await readMultipart(req)
          files = parts.files
          body = call.body.parse(parts.fields)
        }
        const ctx: CallContext<C> = {
          query: query as CallContext<C>['query'],
          body: body as ParsedBodyOf<C>,
          get borrower(): Borrower {
            if (!session) throw new AppError('sessionRequired')
            return session.borrower
          },
          maybeBorrower: session?.borrower ?? null,
          session,
          get staff(): StaffPrincipal {
            if (!staff) throw new AppError('sessionRequired')
            return staff
          },
          files,
          req,
          reply,
        }
        const data = await handler(ctx)
        if (reply.sent) return reply
        // Answers are one borrower's data: no shared or browser cache may keep them.
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
        if (answerCheck === 'every' || (answerCheck === 'sampled' && answers++ % ANSWER_SAMPLE === 0)) {
          const checked = call.data.safeParse(data)
          if (!checked.success) {
            const message = `${call.path} answered data outside its contract: ${checked.error.message}`
            if (answerCheck === 'every') throw new Error(message)
            req.log.error(message)
          }
        }
        return okEnvelope(call.family, data ?? null)
      },
    })
  }
}
