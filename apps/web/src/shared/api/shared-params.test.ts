import { describe, expect, it } from 'vitest'
import { captureSharedParams, getSharedParams, stripSecretParams } from './shared-params'

describe('shared parameters', () => {
  it('captures the shared parameters of the address and keeps them for the tab', () => {
    captureSharedParams('?tok=abc&dId=device&lang=en&other=1')
    expect(getSharedParams()).toEqual({ tok: 'abc', dId: 'device', lang: 'en' })
    expect(JSON.parse(sessionStorage.getItem('kilat.shared-params') ?? '{}')).toEqual({ tok: 'abc', dId: 'device', lang: 'en' })
  })

  it('still forwards what an earlier load saw after the address was cleaned', () => {
    captureSharedParams('?tok=abc&dId=device')
    captureSharedParams('?dId=device-2')
    expect(getSharedParams()).toEqual({ tok: 'abc', dId: 'device-2' })
  })

  it('takes the token, session id and phone out of the address bar, keeping the rest', () => {
    window.history.replaceState({ idx: 3 }, '', '/loan-detail?tok=abc&sessionId=s&mobilePhone=0812&orderId=9&lang=id#top')
    stripSecretParams()
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/loan-detail?orderId=9&lang=id#top')
    expect(window.history.state).toEqual({ idx: 3 })
  })
})
