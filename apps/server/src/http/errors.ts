import { ERRORS, type ErrorKey } from '@kilat/contract'
import { ZodError } from 'zod'

/**
 * A failure the borrower should read about. Services throw it by catalogue key; the error handler
 * answers with the catalogue's HTTP status and the message in the borrower's language, unless a
 * more precise message is given here.
 */
export class AppError extends Error {
  override name = 'AppError'
  readonly key: ErrorKey
  readonly data: unknown
  readonly publicMessage: string | undefined

  /** `cause`: what went wrong underneath; such an error is logged, the borrower still reads the key's text. */
  constructor(key: ErrorKey, options: { message?: string; data?: unknown; cause?: unknown } = {}) {
    super(options.message ?? key, options.cause === undefined ? undefined : { cause: options.cause })
    this.key = key
    this.data = options.data ?? null
    this.publicMessage = options.message
  }

  get status(): number {
    return ERRORS[this.key].status
  }
}

export interface MappedError {
  key: ErrorKey
  data: unknown
  message?: string
  /** Unexpected: logged at error level with the request id. */
  unexpected: boolean
  /** The database's SQLSTATE, when the database refused what the schemas let through. */
  sqlState?: string
}

interface FastifyLikeError {
  code?: string
  statusCode?: number
  validation?: Array<{ instancePath?: string; params?: Record<string, unknown> }>
  validationContext?: string
}

/** The top-level field names of a validation failure, for `data.fields`. */
function fieldsOf(paths: Array<readonly PropertyKey[]>): string[] {
  const fields = new Set<string>()
  for (const path of paths) {
    const first = path[0]
    if (first !== undefined) fields.add(String(first))
  }
  return [...fields]
}

function validationPaths(validation: NonNullable<FastifyLikeError['validation']>): Array<string[]> {
  return validation.map((v) => {
    const path = (v.instancePath ?? '').split('/').filter(Boolean)
    // A missing key of an object is reported on the object itself by some validators.
    const missing = v.params?.missingProperty
    if (path.length === 0 && typeof missing === 'string') return [missing]
    return path
  })
}

const BY_STATUS: Record<number, ErrorKey> = {
  400: 'invalidRequest',
  401: 'sessionRequired',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  // @fastify/multipart answers 406 when a non-multipart body reaches an upload
  406: 'unsupportedMediaType',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'unavailable',
}

/**
 * PostgreSQL's own refusals of a value (SQLSTATE), should one get past the contract's schemas:
 * the sender's data, not our failure. Input the database cannot hold (U+0000, 22021; a character
 * outside the encoding, 22P05; a number past the column, 22003; a string past it, 22001; a value
 * of the wrong form, 22P02 and 22007/22008) is invalidRequest; a unique row that already exists
 * (23505) is a conflict; two transactions that collided (40001, 40P01) are "try again". Each is
 * still logged: it names a schema to tighten or a race to look at.
 */
const BY_SQLSTATE: Record<string, ErrorKey> = {
  '22001': 'invalidRequest',
  '22003': 'invalidRequest',
  '22007': 'invalidRequest',
  '22008': 'invalidRequest',
  '22021': 'invalidRequest',
  '22P02': 'invalidRequest',
  '22P05': 'invalidRequest',
  '23505': 'conflict',
  '40001': 'unavailable',
  '40P01': 'unavailable',
}

/** The SQLSTATE of a database error, which the query builder wraps (as `cause`) in its own. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** Turns anything thrown into a catalogue error; what is not understood is an internal error. */
export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return {
      key: error.key,
      data: error.data,
      unexpected: error.cause !== undefined,
      ...(error.publicMessage ? { message: error.publicMessage } : {}),
    }
  }
  if (error instanceof ZodError) {
    return { key: 'invalidRequest', data: { fields: fieldsOf(error.issues.map((i) => i.path)) }, unexpected: false }
  }
  const sqlState = sqlStateOf(error)
  const byState = BY_SQLSTATE[sqlState ?? '']
  if (byState) return { key: byState, data: null, unexpected: true, sqlState }
  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyLikeError
  if (Array.isArray(e.validation)) {
    return { key: 'invalidRequest', data: { fields: fieldsOf(validationPaths(e.validation)) }, unexpected: false }
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500
  if (status >= 400 && status < 500) {
    return { key: BY_STATUS[status] ?? 'invalidRequest', data: null, unexpected: false }
  }
  if (status === 503) return { key: 'unavailable', data: null, unexpected: true }
  return { key: 'internal', data: null, unexpected: true }
}
