import type { IncomingHttpHeaders } from 'node:http'
import { MARKETS, maskPhone, type Market } from '@kilat/domain'
import { marketOfNumber } from '../../sms/market-sms-sender.js'
import { z } from 'zod'
import { SmsRefused, type SmsMessage, type SmsSent, type TrackedSmsSender, type VerifiedSmsStatus } from '../../sms/sms-sender.js'
import { ProviderHttp, ProviderUnavailable, basicAuth, type CheckableProvider, type ProviderCheck, type ProviderLog } from '../provider-http.js'
import { reasonOfTwilioCode, stateOfTwilioStatus } from './twilio-errors.js'
import type { TwilioSettings } from './twilio-settings.js'
import { signatureMatches, twilioSignature } from './twilio-signature.js'

/**
 * Twilio's Programmable Messaging for the three markets (docs/operations/providers/twilio.md):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, Basic auth with the account
 * SID and the auth token. The market comes from the number's calling code and names the sender
 * (a `From` or a `MessagingServiceSid`); India's messages carry our DLT entity id and the purpose's
 * DLT template id. Every message names our status address (`StatusCallback`), where Twilio posts
 * its delivery states signed with `X-Twilio-Signature`.
 *
 * No retry of a send: Twilio's Messages API has no idempotency key, so a send that timed out or
 * answered 5xx may have gone out, and sending it again could give the borrower two codes and cost
 * twice. Such a send throws ProviderUnavailable at once (the code is withdrawn, the borrower is told
 * to try again); the borrower's "send again" button is the retry, with a new code.
 */

export interface TwilioSmsSenderOptions {
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
  /** Per attempt; 10 s by default. */
  timeoutMs?: number | undefined
  /** Retries of the read calls (check()); sends are never retried. 2 by default. */
  retries?: number | undefined
  backoffMs?: number | undefined
}

const SID_PATTERN = /^(SM|MM)[0-9a-f]{32}$/

const messageAnswer = z.object({ sid: z.string().regex(SID_PATTERN), status: z.string() })
const accountAnswer = z.object({ sid: z.string(), status: z.string(), friendly_name: z.string().nullish(), type: z.string().nullish() })
const serviceAnswer = z.object({ sid: z.string(), status_callback: z.string().nullish() })

export class TwilioSmsSender implements TrackedSmsSender, CheckableProvider {
  readonly name = 'twilio'
  private readonly sends: ProviderHttp
  private readonly reads: ProviderHttp
  private readonly messaging: ProviderHttp

  constructor(
    private readonly settings: TwilioSettings,
    private readonly options: TwilioSmsSenderOptions = {},
  ) {
    const common = {
      provider: this.name,
      headers: () => ({ authorization: basicAuth(settings.accountSid, settings.authToken) }),
      timeoutMs: options.timeoutMs,
      backoffMs: options.backoffMs,
      fetch: options.fetch,
      log: options.log,
    }
    this.sends = new ProviderHttp({ ...common, baseUrl: settings.apiUrl, retries: 0 })
    this.reads = new ProviderHttp({ ...common, baseUrl: settings.apiUrl, retries: options.retries })
    this.messaging = new ProviderHttp({ ...common, baseUrl: settings.messagingApiUrl, retries: options.retries })
  }

  async send(message: SmsMessage): Promise<void> {
    await this.sendTracked(message)
  }

  /** Sends one message; throws SmsRefused on Twilio's refusal, ProviderUnavailable when the outcome is unknown. */
  async sendTracked(message: SmsMessage): Promise<SmsSent> {
    const form = this.formOf(message)
    const answer = await this.sends.request({ method: 'POST', path: `/2010-04-01/Accounts/${this.settings.accountSid}/Messages.json`, form, schema: messageAnswer })
    if (!answer.ok) throw this.refused(message, answer.code)
    return { provider: this.name, messageId: answer.body.sid }
  }

  /**
   * Reads a delivery-status callback. `url` is the address Twilio called, exactly; by default the
   * one every message gives Twilio (settings.statusCallbackUrl), which is what Twilio signs even
   * behind a proxy that rewrites the host. Twilio's signature has no timestamp: a replayed callback
   * verifies, and is harmless because a state only moves forward (SMS_STATE_RANK).
   */
  verifyStatusCallback(rawBody: Buffer, headers: IncomingHttpHeaders, url: string = this.settings.statusCallbackUrl): VerifiedSmsStatus {
    const header = headers['x-twilio-signature']
    const signature = Array.isArray(header) ? header[0] : header
    if (!signature) return { ok: false, reason: 'missingSignature' }
    const params = new URLSearchParams(rawBody.toString('utf8'))
    if (!signatureMatches(twilioSignature(this.settings.authToken, url, params), signature)) return { ok: false, reason: 'badSignature' }
    // Signed with our token, yet about another account (a subaccount's message): not ours to record.
    if (params.get('AccountSid') !== this.settings.accountSid) return { ok: false, reason: 'otherAccount' }
    const messageId = params.get('MessageSid') ?? ''
    const providerStatus = params.get('MessageStatus') ?? ''
    const state = stateOfTwilioStatus(providerStatus)
    if (!SID_PATTERN.test(messageId) || !state) return { ok: false, reason: 'malformed' }
    const errorCode = params.get('ErrorCode') || null
    return {
      ok: true,
      event: { provider: this.name, messageId, state, providerStatus, reason: state === 'failed' ? reasonOfTwilioCode(errorCode) : null, providerCode: errorCode },
    }
  }

  /**
   * The account's own record (its keys work, it is active), then whether each market's messaging
   * service posts its statuses to us. Messages always carry our StatusCallback, which wins over the
   * service's; a service's own address still matters for messages sent from Twilio's console.
   */
  async check(expectedCallbackUrl: string): Promise<ProviderCheck> {
    const result = (keys: ProviderCheck['keys'], callback: ProviderCheck['callback'], detail: string): ProviderCheck => ({ provider: this.name, keys, callback, detail })
    let account
    try {
      account = await this.reads.request({ method: 'GET', path: `/2010-04-01/Accounts/${this.settings.accountSid}.json`, schema: accountAnswer })
    } catch (error) {
      if (error instanceof ProviderUnavailable) return result('unreachable', 'unknown', `GET Accounts/{sid}.json: ${error.detail}`)
      throw error
    }
    if (!account.ok) return result('refused', 'unknown', `GET Accounts/{sid}.json: HTTP ${account.status}, Twilio code ${account.code}`)
    if (account.body.status !== 'active') return result('refused', 'unknown', `the account is ${account.body.status}: Twilio sends nothing for it`)

    const ours = this.settings.statusCallbackUrl
    if (ours !== expectedCallbackUrl) return result('ok', 'differs', `account active; messages name ${ours} as StatusCallback, not ${expectedCallbackUrl} (PUBLIC_URL)`)
    // One service may serve several markets: asked once, named with each of its markets.
    const services = new Map<string, Market[]>()
    for (const market of MARKETS) {
      const sender = this.settings.senders[market]
      if (sender?.kind === 'service') services.set(sender.sid, [...(services.get(sender.sid) ?? []), market])
    }
    if (services.size === 0) return result('ok', 'unknown', 'account active; no messaging service to ask (each message carries our StatusCallback)')
    const notes: string[] = []
    let differs = false
    for (const [sid, markets] of services) {
      const market = markets.join('/')
      let service
      try {
        service = await this.messaging.request({ method: 'GET', path: `/v1/Services/${sid}`, schema: serviceAnswer })
      } catch (error) {
        if (error instanceof ProviderUnavailable) return result('ok', 'unknown', `account active; GET Services/${sid} (${market}): ${error.detail}`)
        throw error
      }
      if (!service.ok) return result('ok', 'unknown', `account active; GET Services/${sid} (${market}): HTTP ${service.status}, Twilio code ${service.code}`)
      const theirs = service.body.status_callback ?? ''
      if (theirs !== '' && theirs !== expectedCallbackUrl) {
        differs = true
        notes.push(`${market} service ${sid} posts statuses to ${theirs}`)
      } else notes.push(`${market} service ${sid} ${theirs === '' ? 'has no status callback of its own' : 'posts to ours'}`)
    }
    return result('ok', differs ? 'differs' : 'matches', `account active; ${notes.join('; ')}`)
  }

  private formOf(message: SmsMessage): Record<string, string> {
    const market = marketOfNumber(message.to)
    if (!market) throw this.refused(message, 'not-a-market-number', 'invalid-number')
    const sender = this.settings.senders[market]
    if (!sender) throw this.refused(message, `no-sender-${market}`, 'region-not-enabled')
    const form: Record<string, string> = { To: message.to, Body: message.text, StatusCallback: this.settings.statusCallbackUrl }
    if (sender.kind === 'service') form.MessagingServiceSid = sender.sid
    else form.From = sender.from
    if (market === 'IN') {
      // India's carriers drop a message whose entity and template are not the DLT-registered ones
      // (TRAI's rules): every purpose has its template, and a purpose without one is not sent.
      const template = this.settings.dlt?.templates[message.purpose]
      if (!this.settings.dlt || !template) throw this.refused(message, `no-dlt-template-${message.purpose}`, 'dlt-refused')
      form.DltPEId = this.settings.dlt.entityId
      form.DltTemplateId = template
    }
    return form
  }

  private refused(message: SmsMessage, code: string, reason = reasonOfTwilioCode(code)): SmsRefused {
    this.options.log?.warn({ provider: this.name, to: maskPhone(message.to), purpose: message.purpose, code, reason }, 'sms refused')
    return new SmsRefused(this.name, reason, code)
  }
}

export { marketOfNumber }
