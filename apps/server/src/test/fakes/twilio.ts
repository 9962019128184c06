import { randomBytes } from 'node:crypto'
import { twilioSignature } from '../../adapters/providers/twilio/twilio-signature.js'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from './fake-api.js'

/**
 * Twilio's API as the tests see it, written from Twilio's documentation of Programmable Messaging
 * (docs/operations/providers/twilio.md): the Messages resource we post to, the Account and the
 * Messaging Service we read, Basic authentication with the account SID and auth token, Twilio's
 * error body (`code`, `message`, `more_info`, `status`) and its refusals of what the real API
 * refuses, and status callbacks signed as Twilio signs them (X-Twilio-Signature). One server plays
 * both of Twilio's hosts (api.twilio.com and messaging.twilio.com): point both URLs at it.
 */

export interface TwilioFakeOptions {
  accountSid: string
  authToken: string
  /** The account's status; 'active' by default. */
  accountStatus?: 'active' | 'suspended' | 'closed'
  /** The account's messaging services by SID, each with its own status callback (or none). */
  services?: Record<string, { statusCallback: string | null }>
  /** The `From` senders the account owns (numbers, alphanumeric ids); any by default. */
  senders?: string[]
}

/** A message the fake took: what it was asked, and its SID. */
export interface TwilioFakeMessage {
  sid: string
  to: string
  from: string | null
  messagingServiceSid: string | null
  body: string
  statusCallback: string | null
  dltEntityId: string | null
  dltTemplateId: string | null
  status: string
}

export interface TwilioStatusCallbackInput {
  messageSid: string
  status: string
  errorCode?: string
  /** Another account's SID, to forge a callback that is not ours. */
  accountSid?: string
  /** Another key, to forge a signature. */
  authToken?: string
  /** The address signed and posted to; the message's StatusCallback by default. */
  url?: string
}

export interface TwilioFake extends FakeApi {
  messages: TwilioFakeMessage[]
  /** The next call (any route) gets this answer instead of its own; queued in order. */
  answerNext(answer: FakeAnswer): void
  /** The next call answers HTTP 500 (Twilio's error body); nothing is sent. */
  failNext(status?: number): void
  /** The next call answers HTTP 429 (code 20429); nothing is sent. */
  rateLimitNext(): void
  /** The next call is handled as usual (a message is taken and sent) but answered after `ms`. */
  slowNext(ms: number): void
  /** The next call is refused with this Twilio error code (HTTP 400 unless told). */
  refuseNext(code: number, status?: number): void
  /** A signed status callback as Twilio would post it: the address, the form body and the headers. */
  statusCallback(input: TwilioStatusCallbackInput): { url: string; rawBody: Buffer; headers: Record<string, string> }
  /** Posts a signed status callback to its address; answers the HTTP status our server gave. */
  postStatusCallback(input: TwilioStatusCallbackInput): Promise<number>
}

type Next = { kind: 'answer'; answer: FakeAnswer } | { kind: 'slow'; ms: number }

const E164 = /^\+[1-9]\d{6,14}$/
const DLT_ID = /^\d{10,30}$/

export async function startTwilioFake(options: TwilioFakeOptions): Promise<TwilioFake> {
  const messages: TwilioFakeMessage[] = []
  const queue: Next[] = []
  const accountStatus = options.accountStatus ?? 'active'

  const refusal = (code: number, message: string, status = 400): FakeAnswer => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  })
  const authorized = (req: FakeRequest): boolean =>
    req.headers.authorization === `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`

  /** The queued answer, a delay to add, or nothing: every route asks first. */
  const takeNext = (): { answer?: FakeAnswer; delayMs?: number } => {
    const next = queue.shift()
    if (!next) return {}
    return next.kind === 'answer' ? { answer: next.answer } : { delayMs: next.ms }
  }
  const route = (handle: (req: FakeRequest, params: Record<string, string>) => FakeAnswer) => (req: FakeRequest, params: Record<string, string>) => {
    const { answer, delayMs } = takeNext()
    if (answer) return answer
    const own = authorized(req) ? handle(req, params) : refusal(20003, 'Authenticate', 401)
    return delayMs ? { ...own, delayMs } : own
  }

  const createMessage = (req: FakeRequest, params: Record<string, string>): FakeAnswer => {
    if (params.sid !== options.accountSid) return refusal(20003, 'Authenticate', 401)
    if (!req.headers['content-type']?.includes('application/x-www-form-urlencoded')) return refusal(21604, "A 'To' phone number is required.")
    const form = (req.body ?? {}) as Record<string, string>
    const to = form.To ?? ''
    if (to === '') return refusal(21604, "A 'To' phone number is required.")
    if (!E164.test(to)) return refusal(21211, `Invalid 'To' Phone Number: ${to.slice(0, 4)}…`)
    const body = form.Body ?? ''
    if (body === '') return refusal(21602, 'Message body is required.')
    if (body.length > 1600) return refusal(21617, 'The concatenated message body exceeds the 1600 character limit.')
    const from = form.From ?? null
    const service = form.MessagingServiceSid ?? null
    if (!from && !service) return refusal(21603, "A 'From' phone number is required.")
    if (service && !options.services?.[service]) return refusal(21701, 'The Messaging Service does not exist')
    if (from && !service && options.senders && !options.senders.includes(from)) return refusal(21659, `${from} is not a Twilio phone number or Short Code country mismatch`)
    const statusCallback = form.StatusCallback ?? null
    if (statusCallback !== null && !/^https?:\/\//.test(statusCallback)) return refusal(21609, 'Invalid StatusCallback URL')
    const dltEntityId = form.DltPEId ?? null
    const dltTemplateId = form.DltTemplateId ?? null
    if (to.startsWith('+91')) {
      // India: the DLT entity and template ids go with every message (Twilio's error codes 21900, 21901).
      if (!dltEntityId || !DLT_ID.test(dltEntityId)) return refusal(21900, 'DltPEId is invalid')
      if (!dltTemplateId || !DLT_ID.test(dltTemplateId)) return refusal(21901, 'DltTemplateId is invalid')
    }
    const message: TwilioFakeMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      messagingServiceSid: service,
      body,
      statusCallback,
      dltEntityId,
      dltTemplateId,
      status: service ? 'accepted' : 'queued',
    }
    messages.push(message)
    return {
      status: 201,
      body: {
        sid: message.sid,
        account_sid: options.accountSid,
        to: message.to,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        body: message.body,
        status: message.status,
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        price_unit: null,
        error_code: null,
        error_message: null,
        date_created: new Date().toUTCString(),
        date_updated: new Date().toUTCString(),
        date_sent: null,
        uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${message.sid}.json`,
      },
    }
  }

  const fetchAccount = (_req: FakeRequest, params: Record<string, string>): FakeAnswer => {
    if (params.file !== `${options.accountSid}.json`) return refusal(20003, 'Authenticate', 401)
    return {
      status: 200,
      body: { sid: options.accountSid, friendly_name: 'Kilat', status: accountStatus, type: 'Full', owner_account_sid: options.accountSid, date_created: new Date(0).toUTCString(), uri: `/2010-04-01/Accounts/${options.accountSid}.json` },
    }
  }

  const fetchService = (_req: FakeRequest, params: Record<string, string>): FakeAnswer => {
    const sid = params.sid ?? ''
    const service = options.services?.[sid]
    if (!service) return refusal(20404, `The requested resource /Services/${sid} was not found`, 404)
    return {
      status: 200,
      body: { sid, account_sid: options.accountSid, friendly_name: 'Kilat', status_callback: service.statusCallback, inbound_request_url: null, use_inbound_webhook_on_number: false, url: `https://messaging.twilio.com/v1/Services/${sid}` },
    }
  }

  const api = await startFakeApi([
    { method: 'POST', pattern: '/2010-04-01/Accounts/:sid/Messages.json', handle: route(createMessage) },
    { method: 'GET', pattern: '/2010-04-01/Accounts/:file', handle: route(fetchAccount) },
    { method: 'GET', pattern: '/v1/Services/:sid', handle: route(fetchService) },
  ])

  const statusCallback = (input: TwilioStatusCallbackInput) => {
    const message = messages.find((m) => m.sid === input.messageSid)
    const url = input.url ?? message?.statusCallback
    if (!url) throw new Error(`no status callback address for ${input.messageSid}`)
    const params = new URLSearchParams()
    params.set('AccountSid', input.accountSid ?? options.accountSid)
    params.set('ApiVersion', '2010-04-01')
    if (message?.from) params.set('From', message.from)
    if (message?.messagingServiceSid) params.set('MessagingServiceSid', message.messagingServiceSid)
    params.set('MessageSid', input.messageSid)
    params.set('MessageStatus', input.status)
    params.set('SmsSid', input.messageSid)
    params.set('SmsStatus', input.status)
    params.set('To', message?.to ?? '+6281234567890')
    if (input.errorCode) params.set('ErrorCode', input.errorCode)
    if (message) message.status = input.status
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(input.authToken ?? options.authToken, url, params),
      'user-agent': 'TwilioProxy/1.1',
    }
    return { url, rawBody: Buffer.from(params.toString(), 'utf8'), headers }
  }

  return {
    ...api,
    messages,
    answerNext: (answer) => void queue.push({ kind: 'answer', answer }),
    failNext: (status = 500) => void queue.push({ kind: 'answer', answer: refusal(20500, 'Internal Server Error', status) }),
    rateLimitNext: () => void queue.push({ kind: 'answer', answer: refusal(20429, 'Too Many Requests', 429) }),
    slowNext: (ms) => void queue.push({ kind: 'slow', ms }),
    refuseNext: (code, status = 400) => void queue.push({ kind: 'answer', answer: refusal(code, `Twilio error ${code}`, status) }),
    statusCallback,
    postStatusCallback: async (input) => {
      const { url, rawBody, headers } = statusCallback(input)
      const response = await fetch(url, { method: 'POST', headers, body: rawBody })
      await response.arrayBuffer()
      return response.status
    },
  }
}
