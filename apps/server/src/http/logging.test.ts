import { describe, expect, it } from 'vitest'
import { redactUrl } from './logging.js'

describe('redactUrl', () => {
  it('removes secret values and keeps the rest', () => {
    expect(redactUrl('/h5-api/v3/user/info?tok=abc&lang=en&sessionId=def')).toBe(
      '/h5-api/v3/user/info?tok=[redacted]&lang=en&sessionId=[redacted]',
    )
    expect(redactUrl('/x?mobilePhone=%2B628123&phone=0812&code=123456&userId=9&dId=device')).toBe(
      '/x?mobilePhone=[redacted]&phone=[redacted]&code=[redacted]&userId=[redacted]&dId=device',
    )
  })

  it('handles encoded keys, bare keys and addresses without a query', () => {
    expect(redactUrl('/x?%74ok=abc')).toBe('/x?%74ok=[redacted]')
    expect(redactUrl('/x?tok')).toBe('/x?tok')
    expect(redactUrl('/x?%E0%A4%A=1&tok=s')).toBe('/x?%E0%A4%A=1&tok=[redacted]')
    expect(redactUrl('/healthz')).toBe('/healthz')
  })
})
