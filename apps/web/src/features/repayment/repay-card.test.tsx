import { ERROR_CODES, loanDetails, repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loanDetailsData } from '../../test/fixtures'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { repaymentWayData, type RepaymentWayData } from './test-fixtures'

/** repayment-way answers a new token each time, as the server does (one commit spends one). */
function answerWay(overrides: Partial<RepaymentWayData> = {}) {
  let issued = 0
  server.use(
    mockCall(repaymentWay, ({ form }) => {
      if (form.get('orderId') !== 'K2026000005') return fail(1002, 'We could not find what you asked for.', 404)
      issued += 1
      return repaymentWayData({ repayToken: `token-${issued}`, ...overrides })
    }),
  )
}

function answerCommit(answers: (ReturnType<typeof fail> | { needValid: 0 | 1; repayRecordId: number })[]) {
  const commits: Record<string, string>[] = []
  server.use(
    mockCall(repaymentCommit, ({ form }) => {
      commits.push(Object.fromEntries(form))
      return answers[Math.min(commits.length, answers.length) - 1]!
    }),
  )
  return commits
}

const open = (extra = '&lang=en') => renderApp(`/repay-card?orderId=K2026000005&productId=5${extra}`)

/** Fake intervals and clock only (React, MSW and Testing Library keep their own timeouts), moving with real time too. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true })
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function commitWithBni(user: Awaited<ReturnType<typeof open>>['user']) {
  await screen.findByRole('heading', { level: 1, name: 'Repay by card' })
  await user.click(screen.getByRole('radio', { name: /BNI/ }))
  await user.click(screen.getByRole('button', { name: 'Pay with this card' }))
  return screen.findByRole('dialog', { name: 'Enter the SMS code' })
}

describe('/repay-card', () => {
  it('lists the cards with masked numbers and the amount owed', async () => {
    answerWay()
    await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Repay by card' })).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Amount to pay' })).getByText('Rp 2.575.000,00')).toBeInTheDocument()
    const cards = screen.getByRole('group', { name: 'Choose a bank card' })
    expect(within(cards).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['11', '12'])
    expect(within(cards).getByRole('radio', { name: /BCA/ })).toBeChecked()
    expect(within(cards).getByText('Card 523456******1234')).toBeInTheDocument()
  })

  it('says there is no card and links to adding one', async () => {
    answerWay({ bankCards: [] })
    await open()
    expect(await screen.findByText('You have no bank card yet. Add one to repay with it.')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Add a bank card' })
    const href = new URL(link.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/bind-bank')
    expect(Object.fromEntries(href.searchParams)).toEqual({ orderId: 'K2026000005', productId: '5', lang: 'en' })
    expect(screen.queryByRole('button', { name: 'Pay with this card' })).not.toBeInTheDocument()
  })

  it('shows the server’s message when the card list cannot be read', async () => {
    server.use(mockCall(repaymentWay, fail(6002, 'Nothing is owed on this loan.', 400)))
    await open()
    expect(await screen.findByText('Nothing is owed on this loan.')).toBeInTheDocument()
  })

  it('says “card list query failed” when the server gives no message', async () => {
    server.use(mockCall(repaymentWay, fail(1099, '', 500)))
    await open()
    expect(await screen.findByText('Card list query failed.')).toBeInTheDocument()
  })

  it('says “processing failed” for a commit refused without a message', async () => {
    answerWay()
    answerCommit([fail(1099, '', 500)])
    const { user } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Repay by card' })
    await user.click(screen.getByRole('button', { name: 'Pay with this card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Processing failed. Please try again.')
  })

  it('commits with the chosen card and the token, then asks for the SMS code of at least 6 characters', async () => {
    answerWay()
    const commits = answerCommit([{ needValid: 1, repayRecordId: 77 }])
    const { user } = await open()
    const dialog = await commitWithBni(user)
    expect(commits[0]).toMatchObject({ orderId: 'K2026000005', repayToken: 'token-1', cardId: '12', amount: String(2_575_000_00), sendMsg: '1' })
    expect(within(dialog).getByRole('button', { name: 'Wait 60 s' })).toBeDisabled()
    const input = within(dialog).getByRole('textbox', { name: 'SMS code' })
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' })
    await user.type(input, '12345')
    expect(confirm).toBeDisabled()
    await user.type(input, '6')
    expect(confirm).toBeEnabled()
  })

  it('counts down to “get code”, which commits again with a new token; cancel resets the timer', async () => {
    fakeClock()
    answerWay()
    const commits = answerCommit([{ needValid: 1, repayRecordId: 77 }])
    const { user } = await open()
    const dialog = await commitWithBni(user)
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(within(dialog).getByRole('button', { name: /^Wait (30|29) s$/ })).toBeDisabled()
    await act(() => vi.advanceTimersByTimeAsync(31_000))
    const getCode = within(dialog).getByRole('button', { name: 'Get code' })
    expect(getCode).toBeEnabled()
    await user.click(getCode)
    await waitFor(() => expect(commits).toHaveLength(2))
    expect(commits[1]).toMatchObject({ repayToken: 'token-2', cardId: '12' })
    expect(await within(dialog).findByRole('button', { name: 'Wait 60 s' })).toBeDisabled()

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Pay with this card' }))
    const again = await screen.findByRole('dialog', { name: 'Enter the SMS code' })
    expect(within(again).getByRole('button', { name: 'Wait 60 s' })).toBeInTheDocument()
    expect(commits[2]).toMatchObject({ repayToken: 'token-3' })
  })

  it.each([
    { code: ERROR_CODES.repayCodeWrong, text: 'The verification code is wrong.' },
    { code: ERROR_CODES.repayTwice, text: 'Do not submit a payment request twice.' },
    { code: 6008, text: 'This payment has expired. Please start again.' },
  ])('says $text for a confirm refused with $code', async ({ code, text }) => {
    answerWay()
    answerCommit([{ needValid: 1, repayRecordId: 77 }])
    server.use(mockCall(repaymentConfirm, fail(code, code === 6008 ? text : 'server words', 400)))
    const { user } = await open()
    const dialog = await commitWithBni(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'SMS code' }), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text)
    expect(within(dialog).getByRole('textbox', { name: 'SMS code' })).toHaveAccessibleDescription(expect.stringContaining(text))
  })

  it('opens the loan details once the code is confirmed', async () => {
    answerWay()
    answerCommit([{ needValid: 1, repayRecordId: 77 }])
    const confirms: MockRequest['form'][] = []
    server.use(
      mockCall(repaymentConfirm, ({ form }) => {
        confirms.push(form)
        return null
      }),
      mockCall(loanDetails, loanDetailsData({ lastPayment: { amount: 2_575_000_00, amountText: 'Rp 2.575.000,00', paidAt: '2026-03-01 10:00:00', method: 'BNI card' } })),
    )
    const { user, router } = await open()
    const dialog = await commitWithBni(user)
    await user.type(within(dialog).getByRole('textbox', { name: 'SMS code' }), '123456')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(Object.fromEntries(confirms[0]!)).toEqual({ orderId: 'K2026000005', verifyCode: '123456', repaymentRecordId: '77' })
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ orderId: 'K2026000005', productId: '5', lang: 'en' })
  })

  it('opens the loan details at once when no code is needed', async () => {
    answerWay()
    answerCommit([{ needValid: 0, repayRecordId: 78 }])
    server.use(mockCall(loanDetails, loanDetailsData()))
    const { user, router } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Repay by card' })
    await user.click(screen.getByRole('button', { name: 'Pay with this card' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/loan-detail'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows a commit failure, and a failed new code puts the button back to “get code”', async () => {
    fakeClock()
    answerWay()
    const commits = answerCommit([{ needValid: 1, repayRecordId: 77 }, fail(6008, 'The payment request has expired.', 400)])
    const { user } = await open()
    const dialog = await commitWithBni(user)
    await act(() => vi.advanceTimersByTimeAsync(61_000))
    await user.click(within(dialog).getByRole('button', { name: 'Get code' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment request has expired.')
    expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeEnabled()
    expect(commits).toHaveLength(2)
  })

  it('shows a first commit failure on the page', async () => {
    answerWay()
    answerCommit([fail(6003, 'This amount is not what is owed.', 400)])
    const { user } = await open()
    await screen.findByRole('heading', { level: 1, name: 'Repay by card' })
    await user.click(screen.getByRole('button', { name: 'Pay with this card' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This amount is not what is owed.')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens the hosted card page the server names', async () => {
    answerWay()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    server.use(mockCall(repaymentHuichao, { url: 'http://localhost:3000/sandbox/card-page?ref=1' }))
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Pay on the card page instead' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/sandbox/card-page?ref=1'))
  })

  it('speaks Indonesian', async () => {
    answerWay()
    await open('')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bayar dengan kartu' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bayar dengan kartu ini' })).toBeInTheDocument()
  })
})
