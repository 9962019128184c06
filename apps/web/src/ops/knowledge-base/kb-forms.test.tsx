import { kbEntries, kbSaveCategory, kbSaveQuestion, orderDashboard, staffMe, type KbCategoryView } from '@kilat/contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { answerUnsaved, consoleMenuLink, unsavedQuestion } from '../test/dialogs'
import { renderOps, staffOf } from '../test/render-ops'

const text = (en: string) => ({ id: en, en, es: en })
const REPAYMENT: KbCategoryView = {
  id: 1,
  title: text('Repayment'),
  alias: text('Repay'),
  icon: 'repayment',
  actionType: 0,
  sort: 1,
  active: true,
  questions: [{ id: 11, categoryId: 1, title: text('How do I repay?'), answer: text('In the app.'), keywords: text(''), actionType: 0, sort: 1, active: true }],
}
const FEES: KbCategoryView = { ...REPAYMENT, id: 2, title: text('Fees'), alias: text('Fees'), icon: 'fees', sort: 2, questions: [] }
const day = { market: 'ID' as const, date: '2026-11-25', applications: 0, approvals: 0, rejections: 0, disbursed: 0, repaymentsReceived: 0, repaymentsCount: 0, ordersOverdue: 0, complaintsDueToday: null, complaintsOverdue: null }

let categories: KbCategoryView[] = []
let saved: string[] = []

beforeEach(() => {
  categories = [REPAYMENT]
  saved = []
  server.use(
    mockCall(staffMe, staffOf('agent')),
    mockCall(orderDashboard, { markets: [day] }),
    mockCall(kbEntries, () => ({ categories })),
    mockCall(kbSaveQuestion, () => {
      saved.push('question')
      return { question: REPAYMENT.questions[0]! }
    }),
    mockCall(kbSaveCategory, () => {
      saved.push('category')
      categories = [REPAYMENT, FEES]
      return { category: FEES }
    }),
  )
})

const EDIT = 'Edit How do I repay?'
const dashboard = () => screen.findByRole('heading', { name: 'Dashboard', level: 1 })

/** The knowledge base, with the repayment question's form open. */
async function editQuestion() {
  const user = userEvent.setup()
  const view = await renderOps('/ops/kb?market=ID')
  await user.click(await screen.findByRole('button', { name: EDIT }))
  const drawer = await screen.findByRole('dialog', { name: EDIT })
  const field = await within(drawer).findByLabelText('Answer (en)')
  return { ...view, user, drawer, field }
}

describe('a knowledge-base form with unsaved input', () => {
  it('asks before a menu link leaves it; Stay keeps the input', async () => {
    const { user, router, drawer, field } = await editQuestion()
    await user.type(field, ' Or at a shop.')
    await user.click(consoleMenuLink('Dashboard'))
    await answerUnsaved(user, 'Stay')
    expect(router.state.location.pathname).toBe('/ops/kb')
    expect(within(drawer).getByLabelText('Answer (en)')).toHaveValue('In the app. Or at a shop.')
  })

  it('asks before the drawer closes, and closes it on Leave', async () => {
    const { user, drawer, field } = await editQuestion()
    await user.type(field, ' Or at a shop.')
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }))
    await answerUnsaved(user, 'Leave')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EDIT })).toBeNull())
    expect(saved).toEqual([])
  })

  it('goes where the menu link goes on Leave', async () => {
    const { user, router, field } = await editQuestion()
    await user.type(field, ' Or at a shop.')
    await user.click(consoleMenuLink('Dashboard'))
    await answerUnsaved(user, 'Leave')
    expect(await dashboard()).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
  })

  it('closes the form on Leave when Back stays on the screen (an earlier category)', async () => {
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/kb?market=ID')
    await user.click(await screen.findByRole('button', { name: 'Repayment' }))
    await waitFor(() => expect(router.state.location.search).toBe('?market=ID&category=1'))
    await user.click(await screen.findByRole('button', { name: EDIT }))
    const drawer = await screen.findByRole('dialog', { name: EDIT })
    await user.type(await within(drawer).findByLabelText('Answer (en)'), ' Or at a shop.')
    await act(() => router.navigate(-1))
    await answerUnsaved(user, 'Leave')
    await waitFor(() => expect(router.state.location.search).toBe('?market=ID'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EDIT })).toBeNull())
  })

  it('asks nothing once the answer is saved', async () => {
    const { user, router, drawer, field } = await editQuestion()
    await user.type(field, ' Or at a shop.')
    await user.click(within(drawer).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved. The chatbot answers with this text from now on.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EDIT })).toBeNull())
    await user.click(consoleMenuLink('Dashboard'))
    expect(await dashboard()).toBeInTheDocument()
    expect(unsavedQuestion()).toBeNull()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
  })

  it('moves to a new category once it is saved, with no question', async () => {
    const user = userEvent.setup()
    const { router } = await renderOps('/ops/kb?market=ID')
    await user.click(await screen.findByRole('button', { name: 'New category' }))
    const drawer = await screen.findByRole('dialog', { name: 'New category' })
    for (const lang of ['id', 'en', 'es']) {
      await user.click(within(drawer).getByLabelText(`Category (${lang})`))
      await user.paste('Fees')
      await user.click(within(drawer).getByLabelText(`Short name under the icon (${lang})`))
      await user.paste('Fees')
    }
    await user.click(within(drawer).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('category')).toBe('2'))
    expect(saved).toEqual(['category'])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New category' })).toBeNull())
    expect(unsavedQuestion()).toBeNull()
  })

  it('asks nothing of a form left untouched', async () => {
    const { user, router, drawer } = await editQuestion()
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EDIT })).toBeNull())
    expect(unsavedQuestion()).toBeNull()
    await user.click(consoleMenuLink('Dashboard'))
    expect(await dashboard()).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/ops/dashboard')
  })
})
