import { getSid, getSms, register, trackClick, trackVisit } from '@kilat/contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fail, mockCall, server, type MockRequest } from '../test/msw'
import { mountPublicHtml, publicPageCalls, renderPublicHtml } from '../test/public-pages'
import { downloadHash, platformOf, startRegister, viewOf } from './register'

const LANDING = '/register?id=1&lang=en&app_from=fb&user_from=ad7&utm_tag=spring&links_id=L9'

let stop: () => void = () => {}
let sids = 0
const sent: MockRequest[] = []
const registered: MockRequest[] = []

async function open(url = LANDING) {
  server.use(...publicPageCalls())
  const { html } = await renderPublicHtml(url)
  window.history.replaceState(null, '', url)
  mountPublicHtml(html)
  stop = startRegister(document)
  await waitFor(() => expect(captcha().getAttribute('src')).toContain('sid=sid-1'))
  return userEvent.setup()
}

const captcha = () => screen.getByRole('button', { name: 'Image code: tap to get a new one' }).querySelector('img') as HTMLImageElement
const toast = () => screen.getByRole('status')
const getCode = () => screen.getByRole('button', { name: /^(Get code|\d+ s)$/ })

async function fillForm(user: ReturnType<typeof userEvent.setup>, { phone = '081234567890', code = 'AB12' } = {}) {
  await user.type(screen.getByLabelText('Mobile number'), phone)
  await user.type(screen.getByLabelText('Image code'), code)
}

beforeEach(() => {
  sids = 0
  sent.length = 0
  registered.length = 0
  server.use(
    mockCall(getSid, () => ({ sid: `sid-${++sids}` })),
    mockCall(trackVisit, null),
    mockCall(trackClick, null),
    mockCall(getSms, (request) => {
      sent.push(request)
      return { resendSeconds: 60 }
    }),
    mockCall(register, (request) => {
      registered.push(request)
      return { phone: '+62812*****90' }
    }),
  )
})

afterEach(() => {
  stop()
  vi.useRealTimers()
  window.location.hash = ''
  document.body.innerHTML = ''
})

describe('the registration island', () => {
  it('takes digits only, at most the market’s length, and an SMS code of 6 digits at most', async () => {
    const user = await open()
    const phone = screen.getByLabelText('Mobile number')
    await user.type(phone, '+62 (812) 3456-78901234')
    expect(phone).toHaveValue('6281234567890')
    const sms = screen.getByLabelText('SMS code')
    await user.type(sms, '12a34567')
    expect(sms).toHaveValue('123456')
  })

  it('needs a mobile number before a new captcha image', async () => {
    const user = await open()
    const first = captcha().src
    await user.click(screen.getByRole('button', { name: 'Image code: tap to get a new one' }))
    expect(toast()).toHaveTextContent('Please enter the phone number correctly')
    expect(captcha().src).toBe(first)
    await user.type(screen.getByLabelText('Mobile number'), '081234567890')
    await user.type(screen.getByLabelText('Image code'), 'AB12')
    await user.click(screen.getByRole('button', { name: 'Image code: tap to get a new one' }))
    expect(captcha().src).not.toBe(first)
    expect(captcha().src).toMatch(/\/api\/v2\/lender\/promotion\/get-captcha\?sid=sid-1&a=\d+&market=ID&lang=en$/)
    expect(screen.getByLabelText('Image code')).toHaveValue('')
  })

  it('checks the number and the captcha before asking for a code', async () => {
    const user = await open()
    await user.click(getCode())
    expect(toast()).toHaveTextContent('Please enter the phone number correctly')
    await user.type(screen.getByLabelText('Mobile number'), '081234567890')
    await user.type(screen.getByLabelText('Image code'), 'AB1')
    await user.click(getCode())
    expect(toast()).toHaveTextContent('Please enter the image code correctly')
    expect(sent).toHaveLength(0)
  })

  it('sends the code, then counts 60 seconds down and refuses to send again meanwhile', async () => {
    const user = await open()
    await fillForm(user)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await user.click(getCode())
    await waitFor(() => expect(toast()).toHaveTextContent('The code has been sent. Please check your phone.'))
    expect(Object.fromEntries(sent[0]?.form ?? [])).toMatchObject({ phone: '081234567890', capcode: 'AB12', sid: 'sid-1', appName: 'Kilat', app_from: 'fb', user_from: 'ad7', utm_tag: 'spring' })
    expect(sent[0]?.query.get('market')).toBe('ID')
    expect(getCode()).toHaveTextContent('60 s')
    expect(getCode()).toHaveAttribute('aria-disabled', 'true')
    vi.advanceTimersByTime(1000)
    expect(getCode()).toHaveTextContent('59 s')
    await user.click(getCode())
    expect(toast()).toHaveTextContent('Please do not send the code repeatedly')
    expect(sent).toHaveLength(1)
    vi.advanceTimersByTime(59_000)
    expect(getCode()).toHaveTextContent('Get code')
    expect(getCode()).not.toHaveAttribute('aria-disabled')
  })

  it('shows a new captcha with the server’s message on 101 (wrong image code)', async () => {
    server.use(mockCall(getSms, fail(101, 'The image code is wrong. Please try again with the new image code.')))
    const user = await open()
    await fillForm(user)
    const before = captcha().src
    await user.click(getCode())
    await waitFor(() => expect(toast()).toHaveTextContent('The image code is wrong. Please try again with the new image code.'))
    expect(captcha().src).not.toBe(before)
    expect(getCode()).toHaveTextContent('Get code')
  })

  it('starts a new captcha session when the server says the old one expired (2007)', async () => {
    server.use(mockCall(getSms, fail(2007, 'This page has been open too long. Please refresh the image code.')))
    const user = await open()
    await fillForm(user)
    await user.click(getCode())
    await waitFor(() => expect(captcha().src).toContain('sid=sid-2'))
    expect(toast()).toHaveTextContent('This page has been open too long.')
  })

  it('shows any other refusal’s message, and "error" when there is no answer', async () => {
    server.use(mockCall(getSms, fail(2005, 'Please do not send the code repeatedly.', 429)))
    const user = await open()
    await fillForm(user)
    await user.click(getCode())
    await waitFor(() => expect(toast()).toHaveTextContent('Please do not send the code repeatedly.'))
    const { http, HttpResponse } = await import('msw')
    server.use(http.post(getSms.path, () => HttpResponse.error()))
    await user.click(getCode())
    await waitFor(() => expect(toast()).toHaveTextContent(/^error$/))
  })

  it('checks the SMS code, registers, and opens the download page with the visit’s parameters', async () => {
    const user = await open()
    await fillForm(user)
    await user.type(screen.getByLabelText('SMS code'), '12345')
    await user.click(screen.getByRole('button', { name: 'Register now' }))
    expect(toast()).toHaveTextContent('Please enter the SMS code correctly')
    await user.type(screen.getByLabelText('SMS code'), '6')
    await user.click(screen.getByRole('button', { name: 'Register now' }))
    await waitFor(() => expect(toast()).toHaveTextContent('Registration succeeded'))
    expect(Object.fromEntries(registered[0]?.form ?? [])).toMatchObject({ phone: '081234567890', capcode: 'AB12', sid: 'sid-1', smsCode: '123456', merchantNumber: '0', userName: '081234567890', id: '1', app_from: 'fb' })
    expect(window.location.hash).toBe('#/downloadTemplate?app_from=fb&user_from=ad7&utm_tag=spring&id=1&links_id=L9')
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Download Kilat' })).toBeVisible())
    expect(document.title).toBe('Download the app · Kilat')
  })

  it('goes to the download page with the message when the number is already registered (11)', async () => {
    server.use(mockCall(register, fail(11, 'This number is already registered. Please download the app and log in.', 409)))
    const user = await open()
    await fillForm(user)
    await user.type(screen.getByLabelText('SMS code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Register now' }))
    await waitFor(() => expect(toast()).toHaveTextContent('This number is already registered.'))
    expect(window.location.hash).toMatch(/^#\/downloadTemplate\?/)
  })

  it('refreshes the captcha on -1 (wrong image code at registration) and stays on the form', async () => {
    server.use(mockCall(register, fail(-1, 'The image code is wrong. Please enter the new image code.')))
    const user = await open()
    await fillForm(user)
    await user.type(screen.getByLabelText('SMS code'), '123456')
    const before = captcha().src
    await user.click(screen.getByRole('button', { name: 'Register now' }))
    await waitFor(() => expect(toast()).toHaveTextContent('The image code is wrong. Please enter the new image code.'))
    expect(captcha().src).not.toBe(before)
    expect(window.location.hash).toBe('')
    expect(screen.getByLabelText('SMS code')).toHaveValue('123456')
  })

  it('shows the agreement at #/agreementTemplate and the form again without it', async () => {
    const user = await open()
    await user.click(screen.getByRole('link', { name: 'User Agreement' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Registration agreement' })).toBeVisible())
    expect(document.title).toBe('Registration agreement · Kilat')
    await user.click(screen.getByRole('link', { name: /Back to registration/ }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register now' })).toBeVisible())
  })
})

describe('registration helpers', () => {
  it('read the view from the hash, with or without parameters', () => {
    expect(viewOf('#/downloadTemplate?id=1')).toBe('download')
    expect(viewOf('#/agreementTemplate')).toBe('agreement')
    expect(viewOf('')).toBe('landing')
  })

  it('carry down_id when the visit has no links_id, and the template id when the address has none', () => {
    expect(downloadHash(new URLSearchParams('down_id=D1&utm_tag=x'), 3)).toBe('#/downloadTemplate?utm_tag=x&id=3&down_id=D1')
  })

  it('tell the visitor’s platform', () => {
    expect(platformOf('Mozilla/5.0 (Linux; Android 10)')).toBe('android')
    expect(platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios')
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios')
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64)')).toBe('other')
  })
})
