import { OPS_ERROR_CODES, payoutCancel, payoutConfirm, payoutRequest, staffMe } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, fail, mockCall, server } from '../../test/msw'
import { renderInConsole, staffOf } from '../test/render-ops'
import { isCode } from './api'
import { FourEyesActions, isSameMemberRefusal, useFourEyes } from './four-eyes'
import { useOpsText } from './i18n'
import { ApiError } from '../../shared/api'

const me = staffOf('finance') // id 7
let listed = 0
let sent: Array<{ path: string; body: unknown }> = []

/** A queue of one waiting request (#41, order K-1) as a flow's screen shows it. */
function Desk({ maker, ownNote, expiresAt }: { maker: number | null; ownNote?: boolean; expiresAt?: string }) {
  const { t } = useOpsText()
  const list = useQuery({ queryKey: ['ops', 'desk'], queryFn: async () => ++listed })
  const flow = useFourEyes<number, unknown, unknown, string>({
    request: { mutationFn: (orderNo, call) => call(payoutRequest, { body: { orderNo } }), success: t('payout.requested') },
    confirm: (requestId, call) => call(payoutConfirm, { body: { requestId } }),
    withdraw: (requestId, call) => call(payoutCancel, { body: { requestId } }),
    confirmed: t('payout.confirmed'),
    withdrawn: t('adjustments.cancelled'),
    refresh: [['ops', 'desk']],
    sameMember: t('payout.sameStaff'),
    errorText: (error) => (isCode(error, OPS_ERROR_CODES.payoutNotPending) ? t('payout.notPending') : undefined),
  })
  return (
    <div data-testid="desk" data-listed={list.data}>
      <button type="button" onClick={() => flow.request.mutate('K-1')}>
        ask
      </button>
      <FourEyesActions
        flow={flow}
        id={41}
        maker={maker}
        subject="K-1"
        confirmLabel={t('payout.confirm')}
        confirmQuestion={t('payout.confirmConfirm', { orderNo: 'K-1' })}
        withdrawLabel={t('payout.cancel')}
        ownNote={ownNote ? t('products.ownVersion') : undefined}
        ownTitle={t('adjustments.yourOwn')}
        {...(expiresAt ? { expiresAt } : {})}
      />
    </div>
  )
}

function answering(answers: { confirm?: () => Response; withdraw?: () => Response; request?: () => Response } = {}) {
  const ok = (call: typeof payoutConfirm | typeof payoutCancel | typeof payoutRequest) => () => HttpResponse.json(envelope(call, { ok: true } as never))
  const record = (call: typeof payoutConfirm | typeof payoutCancel | typeof payoutRequest, answer: () => Response) =>
    http.post(call.path, async ({ request }) => {
      sent.push({ path: call.path, body: await request.json() })
      return answer()
    })
  server.use(
    mockCall(staffMe, me),
    record(payoutConfirm, answers.confirm ?? ok(payoutConfirm)),
    record(payoutCancel, answers.withdraw ?? ok(payoutCancel)),
    record(payoutRequest, answers.request ?? ok(payoutRequest)),
  )
}

const refusal = (code: number, message: string) => () => HttpResponse.json({ code, data: null, message }, { status: 400 })
const listedTimes = () => Number(screen.getByTestId('desk').dataset.listed)

async function confirmIt(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Confirm payout K-1' }))
  const question = await screen.findByText("Confirm the payout of order K-1? The money is sent to the borrower's account.")
  const popup = question.closest('.ant-popover') as HTMLElement
  await user.click(within(popup).getByRole('button', { name: 'Confirm payout' }))
}

beforeEach(() => {
  listed = 0
  sent = []
})

describe('the four-eyes buttons', () => {
  it('shows the maker that another member must confirm: the button disabled, or a note instead', async () => {
    answering()
    const { unmount } = await renderInConsole(<Desk maker={me.id} />)
    const confirm = await screen.findByRole('button', { name: 'Confirm payout K-1' })
    expect(confirm).toBeDisabled()
    expect(confirm).toHaveAttribute('title', 'You requested this: another finance member confirms it.')
    // the maker may still withdraw it
    expect(screen.getByRole('button', { name: 'Withdraw K-1' })).toBeEnabled()
    unmount()

    await renderInConsole(<Desk maker={me.id} ownNote />)
    expect(await screen.findByText('You proposed it: another admin publishes it.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm payout K-1' })).not.toBeInTheDocument()
  })

  it('lets another member confirm after the question, says so and asks the queue again', async () => {
    answering()
    const user = userEvent.setup()
    await renderInConsole(<Desk maker={8} />)
    await waitFor(() => expect(listedTimes()).toBe(1))
    await confirmIt(user)
    expect(await screen.findByText('Payout confirmed: it is on its way to the payout provider.')).toBeInTheDocument()
    expect(sent).toEqual([{ path: payoutConfirm.path, body: { requestId: 41 } }])
    await waitFor(() => expect(listedTimes()).toBe(2))
  })

  it('withdraws, and sends the request with its own notice', async () => {
    answering()
    const user = userEvent.setup()
    await renderInConsole(<Desk maker={null} />)
    await user.click(await screen.findByRole('button', { name: 'Withdraw K-1' }))
    expect(await screen.findByText('Withdrawn.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'ask' }))
    expect(await screen.findByText('Payout requested. Another finance member confirms it.')).toBeInTheDocument()
    expect(sent).toEqual([
      { path: payoutCancel.path, body: { requestId: 41 } },
      { path: payoutRequest.path, body: { orderNo: 'K-1' } },
    ])
  })

  it("says the server's refusal of the maker confirming their own request in the flow's words", async () => {
    answering({ confirm: refusal(OPS_ERROR_CODES.fourEyesSameMember, 'same staff') })
    const user = userEvent.setup()
    // another tab, another member's view: the server still knows who asked
    await renderInConsole(<Desk maker={8} />)
    await waitFor(() => expect(listedTimes()).toBe(1))
    await confirmIt(user)
    expect(await screen.findByText('The member who requested a payout cannot confirm it: another finance member must.')).toBeInTheDocument()
    expect(screen.queryByText('same staff')).not.toBeInTheDocument()
    // refused too, the queue is asked again: it shows what is true now
    await waitFor(() => expect(listedTimes()).toBe(2))
  })

  it("shows other refusals in the flow's words, else the server's message", async () => {
    answering({ confirm: refusal(OPS_ERROR_CODES.payoutNotPending, 'not pending'), withdraw: refusal(9999, 'Something else went wrong') })
    const user = userEvent.setup()
    await renderInConsole(<Desk maker={8} />)
    await confirmIt(user)
    expect(await screen.findByText('This request was confirmed or withdrawn meanwhile.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Withdraw K-1' }))
    expect(await screen.findByText('Something else went wrong')).toBeInTheDocument()
  })
})

describe('a request waiting past its limit', () => {
  it('offers no confirmation, says to withdraw and ask again, and still withdraws', async () => {
    answering()
    const user = userEvent.setup()
    await renderInConsole(<Desk maker={8} expiresAt={new Date(Date.now() - 1_000).toISOString()} />)
    expect(await screen.findByText('Waited too long to be confirmed: withdraw it and ask again.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm payout K-1' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Withdraw K-1' }))
    await waitFor(() => expect(sent).toEqual([{ path: payoutCancel.path, body: { requestId: 41 } }]))
  })

  it('is confirmed as any other until then', async () => {
    answering()
    await renderInConsole(<Desk maker={8} expiresAt={new Date(Date.now() + 3_600_000).toISOString()} />)
    expect(await screen.findByRole('button', { name: 'Confirm payout K-1' })).toBeEnabled()
    expect(screen.queryByText('Waited too long to be confirmed: withdraw it and ask again.')).toBeNull()
  })
})

describe('isSameMemberRefusal', () => {
  it("knows the one refusal of the maker confirming, whatever the flow, and nothing else", () => {
    const refused = (code: number) => new ApiError({ code, message: '', status: 403 })
    expect(isSameMemberRefusal(refused(OPS_ERROR_CODES.fourEyesSameMember))).toBe(true)
    expect(isSameMemberRefusal(refused(OPS_ERROR_CODES.fourEyesExpired))).toBe(false)
    expect(isSameMemberRefusal(refused(OPS_ERROR_CODES.payoutNotPending))).toBe(false)
    expect(isSameMemberRefusal(new Error('offline'))).toBe(false)
    expect(isSameMemberRefusal(fail(OPS_ERROR_CODES.fourEyesSameMember, 'not an error'))).toBe(false)
  })
})
