import type { CallDef, DataOf } from '@kilat/contract'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'

/** The API at the network edge: every test declares the answers it needs (unhandled calls fail). */
export const server = setupServer()

export interface Failure {
  failure: { code: number | string; message: string; status: number }
}

export function fail(code: number | string, message: string, status = 400): Failure {
  return { failure: { code, message, status } }
}

/** The envelope a call of this family answers with (docs/product/envelopes-and-errors.md#envelope-families). */
export function envelope<C extends CallDef>(call: C, data: DataOf<C>): JsonBodyType {
  if (call.family === 'success') return { success: true, data } as JsonBodyType
  return { code: call.family === 'code00' ? '00' : 0, data, message: 'ok' } as JsonBodyType
}

function failureEnvelope(call: CallDef, { code, message }: Failure['failure']): JsonBodyType {
  if (call.family === 'success') return { success: false, data: null, code: Number(code), message }
  return { code, data: null, message }
}

export interface MockRequest {
  /** Shared parameters and the call's own query. */
  query: URLSearchParams
  /** Form fields of a POST. */
  form: URLSearchParams
  headers: Headers
}

/** A handler for one contract call, its answer typed by the call's `data`. */
type Answer<C extends CallDef> = DataOf<C> | Failure

export function mockCall<C extends CallDef>(
  call: C,
  answer: NoInfer<Answer<C> | ((request: MockRequest) => Answer<C> | Promise<Answer<C>>)>,
) {
  const method = call.method === 'GET' ? http.get : call.method === 'POST' ? http.post : http.all
  return method(call.path, async ({ request }) => {
    const url = new URL(request.url)
    const text = request.method === 'POST' ? await request.text() : ''
    const mockRequest: MockRequest = { query: url.searchParams, form: new URLSearchParams(text), headers: request.headers }
    const result = typeof answer === 'function' ? await (answer as (r: MockRequest) => DataOf<C> | Failure)(mockRequest) : answer
    if (result && typeof result === 'object' && 'failure' in result) {
      const failure = (result as Failure).failure
      return HttpResponse.json(failureEnvelope(call, failure), { status: failure.status })
    }
    return HttpResponse.json(envelope(call, result as DataOf<C>))
  })
}
