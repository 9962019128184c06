import { createCountdown } from './countdown'
import { readIslandData, type RegisterData } from './data'
import { showToast } from './toast'

/**
 * The promotion landing page's island (docs/product/registration.md): the mobile number (digits
 * only, at most the market's length), the image captcha (tap for a new one; that needs a mobile
 * number), the SMS code with its 60-second 'get code' countdown, and registration. Success or
 * 'already registered' opens `#/downloadTemplate` with the visit's parameters. The three views
 * (form, download, agreement) are all in the server's HTML; the hash picks one.
 */

interface Envelope {
  code: number | string
  message?: string
  data?: unknown
}

/** The address parameters a registration carries on to the download page, in this order. */
const CARRIED = ['app_from', 'user_from', 'utm_tag', 'id'] as const

const VIEWS = { '/downloadTemplate': 'download', '/agreementTemplate': 'agreement' } as const
type View = 'landing' | (typeof VIEWS)[keyof typeof VIEWS]

export function viewOf(hash: string): View {
  const route = hash.replace(/^#/, '').split('?')[0] ?? ''
  return (VIEWS as Record<string, View>)[route] ?? 'landing'
}

export function platformOf(userAgent: string, touchPoints = 0): 'android' | 'ios' | 'other' {
  if (/android/i.test(userAgent)) return 'android'
  // iPadOS reports itself as a Mac; its touch screen gives it away.
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && touchPoints > 1)) return 'ios'
  return 'other'
}

/** `#/downloadTemplate?…` with app_from, user_from, utm_tag, id and links_id or down_id of the visit. */
export function downloadHash(query: URLSearchParams, templateId: number): string {
  const out = new URLSearchParams()
  for (const key of CARRIED) {
    const value = key === 'id' ? (query.get('id') ?? String(templateId)) : query.get(key)
    if (value) out.set(key, value)
  }
  const link = query.get('links_id') ? 'links_id' : query.get('down_id') ? 'down_id' : null
  if (link) out.set(link, query.get(link) ?? '')
  const search = out.toString()
  return `#/downloadTemplate${search ? `?${search}` : ''}`
}

function deviceId(win: Window): string {
  const key = 'kilat.deviceId'
  try {
    const known = win.localStorage.getItem(key)
    if (known) return known
    const made = win.crypto.randomUUID()
    win.localStorage.setItem(key, made)
    return made
  } catch {
    return ''
  }
}

export function startRegister(doc: Document = document): () => void {
  const data = readIslandData<RegisterData>(doc)
  const form = doc.querySelector<HTMLFormElement>('form[data-register]')
  if (!data) return () => {}
  const win = doc.defaultView ?? window
  const { texts } = data
  doc.documentElement.classList.add('js')
  const query = new URLSearchParams(win.location.search)
  const platform = platformOf(win.navigator.userAgent, win.navigator.maxTouchPoints)
  const device = deviceId(win)
  let sid = ''

  const field = (name: string) => form?.elements.namedItem(name) as HTMLInputElement | null
  const phone = field('phone')
  const capcode = field('capcode')
  const smsCode = field('smsCode')
  const getCode = doc.querySelector<HTMLButtonElement>('[data-get-code]')
  const captchaButton = doc.querySelector<HTMLButtonElement>('[data-captcha]')
  const captchaImage = captchaButton?.querySelector('img')

  const toast = (message: string | undefined) => showToast(doc, message || texts.error)

  function callUrl(path: string, params: Record<string, string> = {}): string {
    const search = new URLSearchParams({ ...params, market: data!.market, lang: data!.lang })
    return `${path}?${search.toString()}`
  }

  async function call(path: string, init: { params?: Record<string, string>; body?: Record<string, string> } = {}): Promise<Envelope | null> {
    try {
      const response = await win.fetch(callUrl(path, init.params), {
        method: init.body ? 'POST' : 'GET',
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(init.body ? { body: new URLSearchParams(init.body).toString() } : {}),
        credentials: 'same-origin',
      })
      return (await response.json()) as Envelope
    } catch {
      return null
    }
  }
  const isCode = (envelope: Envelope, code: number) => Number(envelope.code) === code

  function track(path: string, extra: Record<string, string> = {}) {
    const params: Record<string, string> = {
      page_id: query.get('id') ?? String(data!.templateId),
      client_type: platform === 'other' ? 'h5' : platform,
      page_type: '1',
      ...extra,
    }
    for (const key of ['user_from', 'utm_tag', 'app_from']) {
      const value = query.get(key)
      if (value) params[key] = value
    }
    void call(path, { params })
  }

  function showCaptcha() {
    if (!captchaImage || !sid) return
    captchaImage.src = callUrl(data!.calls.captcha, { sid, a: String(Date.now()) })
    if (capcode) capcode.value = ''
  }

  async function newSid(): Promise<boolean> {
    // the session carries the visit's landing page and utm_tag to its SMS and registration (the funnel)
    const params: Record<string, string> = { page_id: query.get('id') ?? String(data!.templateId) }
    const utmTag = query.get('utm_tag')
    if (utmTag) params.utm_tag = utmTag
    const answer = await call(data!.calls.sid, { params })
    const value = (answer?.data as { sid?: unknown } | undefined)?.sid
    if (!answer || !isCode(answer, 0) || typeof value !== 'string') {
      toast(answer?.message)
      return false
    }
    sid = value
    showCaptcha()
    return true
  }

  // A captcha the server has voided (a wrong answer, an expired session): a new image, or a new
  // session and its image.
  async function renewCaptcha(envelope: Envelope) {
    if (isCode(envelope, data!.codes.sidExpired)) await newSid()
    else showCaptcha()
  }

  const phoneOk = () => (phone?.value.length ?? 0) >= data.phone.min
  const captchaOk = () => (capcode?.value.trim().length ?? 0) === data.captchaLength
  const smsOk = () => new RegExp(`^\\d{${data.smsCodeLength}}$`).test(smsCode?.value ?? '')

  const countdown = createCountdown(
    (left) => {
      if (!getCode) return
      getCode.textContent = texts.countdown.replace('{{seconds}}', String(left))
      getCode.setAttribute('aria-disabled', 'true')
    },
    () => {
      if (!getCode) return
      getCode.textContent = texts.getCode
      getCode.removeAttribute('aria-disabled')
    },
  )

  function toDownload() {
    win.location.hash = downloadHash(query, data!.templateId)
  }

  function fail(envelope: Envelope | null) {
    if (!envelope) return toast(texts.error)
    toast(envelope.message)
    if (isCode(envelope, data!.codes.alreadyRegistered)) toDownload()
    else if (isCode(envelope, data!.codes.captchaWrong) || isCode(envelope, data!.codes.registerCaptchaWrong) || isCode(envelope, data!.codes.sidExpired)) {
      void renewCaptcha(envelope)
    }
  }

  const appFields = () => {
    const out: Record<string, string> = { deviceId: device, appName: data!.appName }
    for (const key of ['app_from', 'user_from', 'utm_tag']) out[key] = query.get(key) ?? ''
    return out
  }

  let busy = false
  async function onGetCode() {
    if (busy) return
    if (countdown.running) return toast(texts.repeat)
    if (!phoneOk()) return toast(texts.phone)
    if (!captchaOk()) return toast(texts.captcha)
    busy = true
    const answer = await call(data!.calls.sms, { body: { phone: phone!.value, capcode: capcode!.value.trim(), sid, ...appFields() } })
    busy = false
    if (answer && isCode(answer, 0)) {
      const seconds = (answer.data as { resendSeconds?: unknown } | undefined)?.resendSeconds
      countdown.start(typeof seconds === 'number' && seconds > 0 ? seconds : data!.resendSeconds)
      toast(texts.smsSent)
      smsCode?.focus()
    } else fail(answer)
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (busy) return
    if (!phoneOk()) return toast(texts.phone)
    if (!captchaOk()) return toast(texts.captcha)
    if (!smsOk()) return toast(texts.sms)
    busy = true
    track(data!.calls.trackClick, { phone: phone!.value })
    const answer = await call(data!.calls.register, {
      body: {
        phone: phone!.value,
        capcode: capcode!.value.trim(),
        sid,
        smsCode: smsCode!.value,
        ...appFields(),
        merchantNumber: '0',
        userName: phone!.value,
        invite_code: query.get('invite_code') ?? '',
        id: query.get('id') ?? String(data!.templateId),
      },
    })
    busy = false
    if (answer && isCode(answer, 0)) {
      toast(texts.registered)
      countdown.stop()
      toDownload()
    } else fail(answer)
  }

  function onCaptcha() {
    // docs/product/registration.md: a new image needs a mobile number first.
    if (!phoneOk()) return toast(texts.phone)
    if (sid) showCaptcha()
    else void newSid()
  }

  function digitsOnly(input: HTMLInputElement | null, max: number) {
    input?.addEventListener('input', () => {
      const clean = input.value.replace(/\D/g, '').slice(0, max)
      if (clean !== input.value) input.value = clean
    })
  }

  function showView() {
    const view = viewOf(win.location.hash)
    for (const section of doc.querySelectorAll<HTMLElement>('[data-view]')) section.hidden = section.dataset.view !== view
    doc.title = texts.titles[view]
    win.scrollTo(0, 0)
  }

  doc.body.dataset.platform = platform
  if (form) form.noValidate = true
  digitsOnly(phone, data.phone.max)
  digitsOnly(smsCode, data.smsCodeLength)
  form?.addEventListener('submit', (event) => void onSubmit(event))
  getCode?.addEventListener('click', () => void onGetCode())
  captchaButton?.addEventListener('click', onCaptcha)
  win.addEventListener('hashchange', showView)
  showView()
  if (form) {
    track(data.calls.trackVisit)
    void newSid()
  }
  return () => {
    countdown.stop()
    win.removeEventListener('hashchange', showView)
  }
}

startRegister()
