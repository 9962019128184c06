import { staffCreate, staffMe } from '@kilat/contract'
import { useQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Form, Input } from 'antd'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { envelope, mockCall, server } from '../../test/msw'
import { renderInConsole, staffOf } from '../test/render-ops'
import { isCode } from './api'
import { useOpsText } from './i18n'
import { useOpsMutation } from './mutation'

let listed = 0
const handled: string[] = []

/** A form sending one call, as the console's screens do, and a list the call changes. */
function NewAccount({ ownRefusal = false }: { ownRefusal?: boolean }) {
  const { t } = useOpsText()
  const [form] = Form.useForm<{ email: string }>()
  const list = useQuery({ queryKey: ['ops', 'accounts'], queryFn: async () => ++listed })
  const create = useOpsMutation({
    mutationFn: ({ email }: { email: string }, call) => call(staffCreate, { body: { email, role: 'agent', markets: ['ID'] } }),
    success: ({ account }) => t('staff.disabledDone', { email: account.email }),
    refresh: [['ops', 'accounts']],
    form,
    errorText: (error) => (isCode(error, 7004) ? t('staff.forbidden') : undefined),
    onError: (error) => {
      handled.push(error.message)
      return ownRefusal
    },
  })
  return (
    <Form form={form} name="account" initialValues={{ email: '' }} onFinish={(values) => create.mutate(values)}>
      <span data-testid="listed">{list.data}</span>
      <Form.Item name="email" label="Email">
        <Input />
      </Form.Item>
      <Button htmlType="submit" loading={create.isPending}>
        send
      </Button>
    </Form>
  )
}

function answer(body: () => Response) {
  server.use(
    mockCall(staffMe, staffOf('admin')),
    http.post(staffCreate.path, () => body()),
  )
}
const refusal = (code: number, message: string, fields?: string[]) => () =>
  HttpResponse.json({ code, data: fields ? { fields } : null, message }, { status: 400 })
const listedTimes = () => Number(screen.getByTestId('listed').textContent)

async function send(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'new@b.c')
  await user.click(screen.getByRole('button', { name: 'send' }))
}

beforeEach(() => {
  listed = 0
  handled.length = 0
})

describe('useOpsMutation', () => {
  it('says a success in a notice and asks the named queries again', async () => {
    answer(() =>
      HttpResponse.json(
        envelope(staffCreate, {
          account: { ...staffOf('agent'), email: 'new@b.c', enrolled: false, disabled: false, createdAt: '2026-11-01T00:00:00.000Z', lastSignInAt: null, lastSignInIp: null },
          enrolmentPath: '/ops/enrol?token=x',
          enrolmentExpiresAt: '2026-11-02T00:00:00.000Z',
        } as never),
      ),
    )
    const user = userEvent.setup()
    await renderInConsole(<NewAccount />)
    await waitFor(() => expect(listedTimes()).toBe(1))
    await send(user)
    expect(await screen.findByText('new@b.c is disabled.')).toBeInTheDocument()
    await waitFor(() => expect(listedTimes()).toBe(2))
  })

  it('puts the fields the server names beside them, with no notice', async () => {
    answer(refusal(1000, 'Bad input', ['email']))
    const user = userEvent.setup()
    await renderInConsole(<NewAccount />)
    await send(user)
    expect(await screen.findByText('Check this field.')).toBeInTheDocument()
    expect(screen.queryByText('Bad input')).not.toBeInTheDocument()
    expect(handled).toEqual([])
  })

  it("says a refusal in the screen's words, else the server's; the screen may show it itself", async () => {
    answer(refusal(7004, 'forbidden'))
    const user = userEvent.setup()
    const { unmount } = await renderInConsole(<NewAccount />)
    await send(user)
    expect(await screen.findByText('You may manage accounts of your own markets only.')).toBeInTheDocument()
    // refused too, the list is asked again
    await waitFor(() => expect(listedTimes()).toBe(2))
    unmount()

    answer(refusal(1234, 'The server says no'))
    const second = await renderInConsole(<NewAccount />)
    await send(user)
    expect(await screen.findByText('The server says no')).toBeInTheDocument()
    second.unmount()

    answer(refusal(1234, 'Shown by the screen'))
    await renderInConsole(<NewAccount ownRefusal />)
    await send(user)
    await waitFor(() => expect(handled).toContain('Shown by the screen'))
    expect(screen.queryByText('Shown by the screen')).not.toBeInTheDocument()
  })
})
