import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../config.js'
import { TWILIO_VARIABLES, readTwilioSettings } from './twilio-settings.js'

const SID = `AC${'a1'.repeat(16)}`
const TOKEN = 'f0'.repeat(16)
const SERVICE = `MG${'b2'.repeat(16)}`

const ENV = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM_ID: SERVICE,
  TWILIO_FROM_IN: 'KILATP',
  TWILIO_FROM_MX: '+525512345678',
  SMS_DLT_ENTITY_ID_IN: '1101234567890123456',
  SMS_DLT_TEMPLATES_IN: 'login:1107000000000000001, register:1107000000000000002,repay:1107000000000000003',
  PUBLIC_URL: 'https://kilat.example/',
}

const failure = (env: Record<string, string | undefined>): string => {
  try {
    readTwilioSettings(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('no ConfigError')
}

describe('readTwilioSettings', () => {
  it('is null when none of its variables is set (PUBLIC_URL alone is not Twilio)', () => {
    expect(readTwilioSettings({})).toBeNull()
    expect(readTwilioSettings({ PUBLIC_URL: 'https://kilat.example', TWILIO_API_URL: '' })).toBeNull()
  })

  it('reads a sender per market, India\'s DLT ids and the status address', () => {
    expect(readTwilioSettings(ENV)).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      apiUrl: 'https://api.twilio.com',
      messagingApiUrl: 'https://messaging.twilio.com',
      statusCallbackUrl: 'https://kilat.example/h5-api/v3/sms/status/twilio',
      senders: { ID: { kind: 'service', sid: SERVICE }, IN: { kind: 'from', from: 'KILATP' }, MX: { kind: 'from', from: '+525512345678' } },
      dlt: { entityId: '1101234567890123456', templates: { login: '1107000000000000001', register: '1107000000000000002', repay: '1107000000000000003' } },
    })
  })

  it('needs no DLT ids when India has no sender', () => {
    const settings = readTwilioSettings({ ...ENV, TWILIO_FROM_IN: undefined, SMS_DLT_ENTITY_ID_IN: undefined, SMS_DLT_TEMPLATES_IN: undefined, TWILIO_API_URL: 'http://127.0.0.1:4010' })
    expect(settings?.senders.IN).toBeNull()
    expect(settings?.dlt).toBeNull()
    expect(settings?.apiUrl).toBe('http://127.0.0.1:4010')
  })

  it.each([
    ['TWILIO_ACCOUNT_SID', { TWILIO_ACCOUNT_SID: undefined }],
    ['TWILIO_ACCOUNT_SID', { TWILIO_ACCOUNT_SID: 'SK0123' }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: undefined }],
    ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: 'secret' }],
    ['TWILIO_FROM_ID, TWILIO_FROM_IN or TWILIO_FROM_MX', { TWILIO_FROM_ID: undefined, TWILIO_FROM_IN: undefined, TWILIO_FROM_MX: undefined, SMS_DLT_ENTITY_ID_IN: undefined, SMS_DLT_TEMPLATES_IN: undefined }],
    ['TWILIO_FROM_ID', { TWILIO_FROM_ID: 'KILAT-SENDER-TOO-LONG' }],
    ['TWILIO_FROM_IN', { TWILIO_FROM_IN: '0812345' }],
    ['TWILIO_FROM_MX', { TWILIO_FROM_MX: 'KILAT' }],
    ['SMS_DLT_ENTITY_ID_IN', { SMS_DLT_ENTITY_ID_IN: undefined }],
    ['SMS_DLT_ENTITY_ID_IN', { SMS_DLT_ENTITY_ID_IN: 'PE-1' }],
    ['SMS_DLT_TEMPLATES_IN', { SMS_DLT_TEMPLATES_IN: undefined }],
    ['SMS_DLT_TEMPLATES_IN', { SMS_DLT_TEMPLATES_IN: 'login=1107000000000000001' }],
    ['SMS_DLT_TEMPLATES_IN', { SMS_DLT_TEMPLATES_IN: 'login:1107000000000000001,register:1107000000000000002' }],
    ['SMS_DLT_ENTITY_ID_IN', { TWILIO_FROM_IN: undefined, SMS_DLT_TEMPLATES_IN: undefined }],
    ['TWILIO_API_URL', { TWILIO_API_URL: 'api.twilio.com' }],
    ['TWILIO_MESSAGING_API_URL', { TWILIO_MESSAGING_API_URL: 'ftp://messaging.twilio.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://kilat.example/?a=1' }],
  ])('names %s when it is missing or malformed', (name, change) => {
    const message = failure({ ...ENV, ...change })
    expect(message).toMatch(/^Invalid configuration: /)
    expect(message).toContain(name)
    expect(message).not.toContain(TOKEN)
  })

  it('lists every variable it reads, the token as a secret', () => {
    const names = TWILIO_VARIABLES.map((v) => v.name)
    for (const name of [...Object.keys(ENV), 'TWILIO_API_URL', 'TWILIO_MESSAGING_API_URL']) expect(names).toContain(name)
    expect(TWILIO_VARIABLES.filter((v) => v.secret).map((v) => v.name)).toEqual(['TWILIO_AUTH_TOKEN'])
  })
})
