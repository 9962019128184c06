import { z } from 'zod'

/**
 * How a call wraps its answer (docs/product/envelopes-and-errors.md#envelope-families):
 * - `code0`: `{code: 0, data, message}` (registration, session, older calls and all we add)
 * - `code00`: `{code: '00', data, message}` (template, recommend, apply, jump, user-problem family)
 * - `success`: `{success: true, data}` (loan-details, google-score)
 * Errors keep the family's shape; in the code families the error code has the success code's type.
 */
export type Family = 'code0' | 'code00' | 'success'

/** `GET_POST` serves both methods (docs/product/envelopes-and-errors.md#methods). */
export type Method = 'GET' | 'POST' | 'GET_POST'

/**
 * `borrower`: a valid session is required; `optional`: used when present; `none`: public;
 * `staff`: an ops call, for a signed-in staff member of one of the call's `roles` (staff.ts).
 */
export type Auth = 'borrower' | 'optional' | 'none' | 'staff'

export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: Method
  path: string
  family: Family
  auth: Auth
  /** The call's own query parameters (the shared parameters come on top, see shared-params.ts). */
  query: Q
  /** Form-encoded or JSON body of a POST. */
  body: B
  /** The `data` member of a successful answer. */
  data: D
  /** `multipart` for uploads; `json` for a call whose client sends JSON (the console's). */
  bodyType?: 'form' | 'multipart' | 'json'
  /** `auth: 'staff'`: the roles that may make the call. */
  roles?: readonly string[]
}

const empty = z.object({})

/** Fills the parts a call leaves out with an empty object, so every call has the same shape. */
export function defineCall<
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof empty,
  D extends z.ZodType = z.ZodNull,
>(def: {
  method: Method
  path: string
  family: Family
  auth: Auth
  query?: Q
  body?: B
  data?: D
  bodyType?: 'form' | 'multipart' | 'json'
  roles?: readonly string[]
}): CallDef<Q, B, D> {
  return {
    ...def,
    query: (def.query ?? empty) as Q,
    body: (def.body ?? empty) as B,
    data: (def.data ?? z.null()) as D,
  }
}

export type QueryOf<C extends CallDef> = z.input<C['query']>
export type BodyOf<C extends CallDef> = z.input<C['body']>
export type ParsedBodyOf<C extends CallDef> = z.output<C['body']>
export type ParsedQueryOf<C extends CallDef> = z.output<C['query']>
export type DataOf<C extends CallDef> = z.output<C['data']>
