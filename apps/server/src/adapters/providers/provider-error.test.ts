import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, mapError } from '../../http/errors.js'
import { APP_ERROR_OF_KIND, appErrorOf, asAppError, withAppErrors } from '../../http/provider-errors.js'
import { PROVIDER_ERROR_KINDS, ProviderError, unavailableAs } from './provider-error.js'
import { ProviderHttp, ProviderUnavailable } from './provider-http.js'

const error = (kind: ProviderError['kind'], more: Partial<ConstructorParameters<typeof ProviderError>[0]> = {}) =>
  new ProviderError({ provider: 'xendit', operation: 'issueAccount', kind, ...more })

// docs/decisions/0022-live-providers.md#provider-errors
describe('ProviderError', () => {
  it('says the provider, the operation, the kind and the answer', () => {
    const e = error('refused', { status: 400, code: 'API_VALIDATION_ERROR', detail: 'xendit refused the account' })
    expect(e).toBeInstanceOf(Error)
    expect(e).toMatchObject({ name: 'ProviderError', provider: 'xendit', operation: 'issueAccount', kind: 'refused', status: 400, code: 'API_VALIDATION_ERROR' })
    expect(e.message).toBe('xendit issueAccount: refused (HTTP 400 API_VALIDATION_ERROR): xendit refused the account')
    expect(error('not-offered').message).toBe('xendit issueAccount: not-offered')
  })

  it('keeps the kind of silence ProviderHttp told apart', async () => {
    const http = (fetch: typeof globalThis.fetch) => new ProviderHttp({ provider: 'xendit', baseUrl: 'http://provider.test', headers: () => ({}), retries: 0, timeoutMs: 50, fetch })
    const call = (fetch: typeof globalThis.fetch) => unavailableAs('issueAccount', () => http(fetch).request({ method: 'POST', path: '/x', schema: z.object({ id: z.string() }) }))
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) })
    await expect(call(async () => Promise.reject(refused))).rejects.toMatchObject({ name: 'ProviderError', kind: 'never-left', operation: 'issueAccount' })
    const slow: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }))))
    await expect(call(slow)).rejects.toMatchObject({ kind: 'timeout' })
    await expect(call(async () => new Response('oops', { status: 503 }))).rejects.toMatchObject({ kind: 'unavailable', status: 503 })
    await expect(call(async () => new Response('{"nope":1}', { status: 200 }))).rejects.toMatchObject({ kind: 'bad-answer', status: 200 })
    // anything else goes through as it is
    await expect(unavailableAs('x', () => Promise.reject(new RangeError('ours')))).rejects.toBeInstanceOf(RangeError)
    expect(new ProviderUnavailable('razorpay', 'key refused').kind).toBe('unavailable')
  })
})

describe('appErrorOf: what a caller reads, as when the adapters threw AppError', () => {
  it('maps every kind to the key the adapters answered with', () => {
    expect(Object.keys(APP_ERROR_OF_KIND).sort()).toEqual([...PROVIDER_ERROR_KINDS].sort())
    expect(APP_ERROR_OF_KIND).toEqual({
      'not-offered': 'payMethodUnknown',
      refused: 'internal',
      misconfigured: 'internal',
      'key-refused': 'unavailable',
      unavailable: 'unavailable',
      timeout: 'unavailable',
      'never-left': 'unavailable',
      'bad-answer': 'unavailable',
    })
    for (const kind of PROVIDER_ERROR_KINDS) {
      const providerError = error(kind, { status: 404 })
      const mapped = appErrorOf(providerError)
      expect(mapped).toBeInstanceOf(AppError)
      expect(mapped.key).toBe(APP_ERROR_OF_KIND[kind])
      expect(mapped.cause).toBe(providerError)
      // the HTTP answer: the key's, logged as unexpected (with a cause), as before; no provider words
      expect(mapError(mapped)).toEqual({ key: APP_ERROR_OF_KIND[kind], data: null, unexpected: true })
    }
  })

  it('is needed: a ProviderError not turned into ours answers the internal error, its status never read as ours', () => {
    expect(mapError(error('not-offered', { status: 404 }))).toEqual({ key: 'internal', data: null, unexpected: true })
  })

  it('wraps a call, sync or async, leaving other errors as they are', async () => {
    expect(() => withAppErrors(() => { throw error('not-offered') })).toThrow(AppError)
    await expect(withAppErrors(() => Promise.reject(error('timeout')))).rejects.toMatchObject({ key: 'unavailable' })
    await expect(withAppErrors(async () => 'ok')).resolves.toBe('ok')
    expect(withAppErrors(() => 42)).toBe(42)
    const other = new RangeError('ours')
    expect(asAppError(other)).toBe(other)
    await expect(withAppErrors(() => Promise.reject(other))).rejects.toBe(other)
  })
})
