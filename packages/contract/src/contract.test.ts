import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LOCALES } from '@kilat/domain'
import { ERROR_CODES, ERRORS, OPS_ERROR_CODES, errorKeyByCode, errorMessage, type ErrorKey } from './errors.js'
import { envelopeSchema, isSuccess, messageOf } from './envelope.js'
import { SHARED_PARAM_KEYS, pickSharedParams, sessionTokenFrom, sharedParamsSchema } from './shared-params.js'
import { defineCall } from './call.js'
import { authCalls, smsLogin } from './auth.js'

describe('error catalogue', () => {
  const keys = Object.keys(ERRORS) as ErrorKey[]

  it('numbers every error by its own name, and nothing else', () => {
    const codes: Record<string, number> = { ...ERROR_CODES, ...OPS_ERROR_CODES }
    expect(Object.keys(codes).sort()).toEqual([...keys].sort())
    // a name is the borrower's or the console's, never both
    expect(Object.keys(ERROR_CODES).filter((k) => k in OPS_ERROR_CODES)).toEqual([])
    for (const key of keys) expect(ERRORS[key].code).toBe(codes[key])
  })

  it('has a unique code per error', () => {
    const codes = keys.map((k) => ERRORS[k].code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('has a message in every language, and they differ from each other', () => {
    for (const key of keys) {
      for (const locale of LOCALES) expect(errorMessage(key, locale).trim().length).toBeGreaterThan(5)
      expect(errorMessage(key, 'id')).not.toBe(errorMessage(key, 'en'))
      expect(errorMessage(key, 'es')).not.toBe(errorMessage(key, 'en'))
    }
  })

  it('finds a key by its code as number or string', () => {
    expect(errorKeyByCode(1001)).toBe('sessionRequired')
    expect(errorKeyByCode('2005')).toBe('smsTooFrequent')
    expect(errorKeyByCode('nope')).toBeUndefined()
  })

  it('uses client and server error statuses only', () => {
    for (const key of keys) expect(ERRORS[key].status).toBeGreaterThanOrEqual(400)
  })
})

describe('envelopes', () => {
  it('recognises success in each family', () => {
    expect(isSuccess({ code: 0, data: null, message: '' })).toBe(true)
    expect(isSuccess({ code: '00', data: null, message: '' })).toBe(true)
    expect(isSuccess({ success: true, data: {} })).toBe(true)
    expect(isSuccess({ success: false, data: null })).toBe(false)
    expect(isSuccess({ code: '0', data: null })).toBe(false)
    expect(isSuccess({ code: 1001, data: null })).toBe(false)
    expect(isSuccess(null)).toBe(false)
    expect(isSuccess('ok')).toBe(false)
  })

  it('reads the message', () => {
    expect(messageOf({ code: 1, message: 'x' })).toBe('x')
    expect(messageOf({ code: 1, message: '' })).toBeUndefined()
    expect(messageOf(undefined)).toBeUndefined()
  })

  it('validates an answer against the call data', () => {
    const schema = envelopeSchema('code0', smsLogin.data)
    expect(schema.safeParse({ code: 0, message: 'ok', data: { sessionId: 's', expiresAt: 'e', phone: 'p' } }).success).toBe(true)
    expect(schema.safeParse({ code: 0, message: 'ok', data: { sessionId: 1 } }).success).toBe(false)
    expect(envelopeSchema('success', z.null()).safeParse({ success: true, data: null }).success).toBe(true)
  })
})

describe('shared parameters', () => {
  it('keeps only the shared keys from a query', () => {
    const params = pickSharedParams(new URLSearchParams('tok=abc&dId=d1&productId=9&isNeedPop=1'))
    expect(params).toEqual({ tok: 'abc', dId: 'd1', isNeedPop: '1' })
  })

  it('drops empty, non-string and over-long values', () => {
    expect(pickSharedParams({ tok: '', dId: ['a', 'b'], aVer: 'x'.repeat(257), lang: 'es' })).toEqual({ lang: 'es' })
  })

  it('tok and sessionId both name the session', () => {
    expect(sessionTokenFrom({ tok: 'a' })).toBe('a')
    expect(sessionTokenFrom({ sessionId: 'b' })).toBe('b')
    expect(sessionTokenFrom({ tok: 'a', sessionId: 'b' })).toBe('a')
    expect(sessionTokenFrom({})).toBeUndefined()
  })

  it('lists both naming sets of the shared parameters', () => {
    for (const k of ['dId', 'aMar', 'aVer', 'tok', 'aTp', 'dNa', 'oVer', 'gid', 'pf', 'deviceId', 'appVersion', 'userId', 'appName', 'sessionId', 'clientType', 'merchantNumber', 'mobilePhone', 'isNeedPop']) {
      expect(SHARED_PARAM_KEYS).toContain(k)
    }
    expect(sharedParamsSchema.safeParse({ tok: 'x'.repeat(300) }).success).toBe(false)
  })
})

describe('calls', () => {
  it('fills missing parts with empty schemas', () => {
    const call = defineCall({ method: 'GET', path: '/x', family: 'code0', auth: 'none' })
    expect(call.query.parse({})).toEqual({})
    expect(call.data.parse(null)).toBeNull()
  })

  it('login calls live under /h5-api/v3/user or the demo path', () => {
    for (const call of Object.values(authCalls)) expect(call.path).toMatch(/^\/h5-api\/v3\/(user|demo)\//)
  })

  it('trims and bounds the login fields', () => {
    expect(smsLogin.body.parse({ phone: ' 0812 ', code: ' 123456 ' })).toEqual({ phone: '0812', code: '123456' })
    expect(smsLogin.body.safeParse({ phone: '1'.repeat(33), code: '1' }).success).toBe(false)
    expect(smsLogin.body.safeParse({ phone: '0812' }).success).toBe(false)
  })
})
