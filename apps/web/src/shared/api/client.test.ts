import { defineCall, ERRORS, loginInit, sendSmsCode, userInfo } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { callApi } from './browser'
import { createApiClient } from './client'
import { ApiError, isSessionError, NETWORK_ERROR, TIMEOUT_ERROR } from './errors'
import { captureSharedParams } from './shared-params'
import { fetchTransport } from './transport'

const demoSettings = { market: 'ID', callingCode: '62', codeLength: 6, resendSeconds: 60, demo: true } as const

describe('api client', () => {
  it('forwards the shared parameters and the call’s own query on a GET, with the XMLHttpRequest marker', async () => {
    captureSharedParams('?tok=T1&dId=D1&isNeedPop=1&lang=en&unrelated=x')
    let seen: MockRequest | undefined
    server.use(
      mockCall(userInfo, (request) => {
        seen = request
        return { phone: '+62812***90', market: 'ID', name: null }
      }),
    )
    await expect(callApi(userInfo)).resolves.toEqual({ phone: '+62812***90', market: 'ID', name: null })
    expect(Object.fromEntries(seen!.query)).toEqual({ tok: 'T1', dId: 'D1', isNeedPop: '1', lang: 'en' })
    expect(seen!.headers.get('x-requested-with')).toBe('XMLHttpRequest')
  })

  it('sends a POST body form-encoded, with the shared parameters in the query string', async () => {
    captureSharedParams('?tok=T2&aVer=1.2.3')
    let seen: MockRequest | undefined
    let contentType = ''
    server.use(
      mockCall(sendSmsCode, (request) => {
        seen = request
        contentType = request.headers.get('content-type') ?? ''
        return { resendSeconds: 60 }
      }),
    )
    await callApi(sendSmsCode, { body: { phone: '0812 3456' } })
    expect(Object.fromEntries(seen!.query)).toEqual({ tok: 'T2', aVer: '1.2.3' })
    expect(Object.fromEntries(seen!.form)).toEqual({ phone: '0812 3456' })
    expect(contentType).toContain('application/x-www-form-urlencoded')
  })

  it('lets one call override a shared parameter', async () => {
    captureSharedParams('?tok=page-session')
    let tok: string | null = null
    server.use(
      mockCall(userInfo, ({ query }) => {
        tok = query.get('tok')
        return { phone: 'p', market: 'ID', name: null }
      }),
    )
    await callApi(userInfo, {}, { shared: { tok: 'other' } })
    expect(tok).toBe('other')
  })

  it('sends uploads as multipart form data', async () => {
    const upload = defineCall({ method: 'POST', path: '/h5-api/test/upload', family: 'code00', auth: 'borrower', bodyType: 'multipart' })
    let type = ''
    let field: FormDataEntryValue | null = null
    server.use(
      http.post('/h5-api/test/upload', async ({ request }) => {
        type = request.headers.get('content-type') ?? ''
        field = (await request.formData()).get('problemImage')
        return HttpResponse.json({ code: '00', data: null, message: 'ok' })
      }),
    )
    const form = new FormData()
    form.append('problemImage', new Blob(['x'], { type: 'image/png' }), 'a.png')
    await callApi(upload, { body: form })
    expect(type).toContain('multipart/form-data')
    expect(field).not.toBeNull()
  })

  it('unwraps every envelope family', async () => {
    const code00 = defineCall({ method: 'GET', path: '/h5-api/test/code00', family: 'code00', auth: 'none' })
    const success = defineCall({ method: 'GET', path: '/h5-api/test/success', family: 'success', auth: 'none' })
    server.use(
      http.get('/h5-api/test/code00', () => HttpResponse.json({ code: '00', data: { a: 1 }, message: 'ok' })),
      http.get('/h5-api/test/success', () => HttpResponse.json({ success: true, data: { b: 2 } })),
    )
    await expect(callApi(code00)).resolves.toEqual({ a: 1 })
    await expect(callApi(success)).resolves.toEqual({ b: 2 })
  })

  it('turns a refused answer into an ApiError with the server’s message, shown as a toast', async () => {
    server.use(mockCall(sendSmsCode, fail(ERRORS.smsTooFrequent.code, 'Please do not send the code repeatedly.', 429)))
    const error = await callApi(sendSmsCode, { body: { phone: '1' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: ERRORS.smsTooFrequent.code, message: 'Please do not send the code repeatedly.', status: 429 })
    expect(await screen.findByText('Please do not send the code repeatedly.')).toBeInTheDocument()
  })

  it('recognizes a refused session', async () => {
    server.use(mockCall(userInfo, fail(ERRORS.sessionRequired.code, 'Your session has ended. Please log in again.', 401)))
    const error = await callApi(userInfo, {}, { toast: false }).catch((e: unknown) => e)
    expect(isSessionError(error)).toBe(true)
  })

  it('reports a network failure with the localized error text', async () => {
    server.use(http.post(loginInit.path, () => HttpResponse.error()))
    const error = await callApi(loginInit).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: NETWORK_ERROR, status: 0, message: 'Network error. Please check your connection and try again.' })
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument()
  })

  it('gives up after its timeout', async () => {
    server.use(
      http.post(loginInit.path, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const notifier = { loading: vi.fn(() => vi.fn()), error: vi.fn() }
    const client = createApiClient({
      transport: fetchTransport('http://localhost:3000'),
      sharedParams: () => ({}),
      notifier,
      networkErrorMessage: () => 'offline',
      timeoutMs: 50,
    })
    const error = await client.callApi(loginInit, {}, { loading: 'Loading…' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: TIMEOUT_ERROR, status: 0, message: 'offline' })
    expect(notifier.loading).toHaveBeenCalledWith('Loading…')
    expect(notifier.loading.mock.results[0]?.value).toHaveBeenCalled()
    expect(notifier.error).toHaveBeenCalledWith('offline')
  })

  it('shows a loading toast until the answer arrives', async () => {
    // The answer waits until the toast has been seen: on a loaded host a fixed delay could end first.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      mockCall(loginInit, async () => {
        await answered
        return demoSettings
      }),
    )
    const pending = callApi(loginInit, {}, { loading: 'Please wait' })
    expect(await screen.findByText('Please wait')).toBeInTheDocument()
    answer()
    await pending
    await waitFor(() => expect(screen.queryByText('Please wait')).not.toBeInTheDocument())
  })
})

describe('contract schemas in the browser', () => {
  it('keep the call definitions but refuse to validate (the server does)', () => {
    expect(userInfo.path).toBe('/h5-api/v3/user/info')
    expect(userInfo.method).toBe('GET')
    expect(() => userInfo.data.parse({})).toThrow(/not shipped to the browser/)
  })
})
