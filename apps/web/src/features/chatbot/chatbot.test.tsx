import { getQaList, problemInit, qaRecord } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockCall, server, type MockRequest } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'
import type { QaEntry } from './api/get-qa-list'
import type { QaReply } from './api/record-qa'

const entry = (id: number, pid: number, kind: QaEntry['kind'], title: string, extra: Partial<QaEntry> = {}): QaEntry => ({
  id,
  pid,
  kind,
  title_local: title,
  title_local_alias: '',
  icon: '',
  action_type: 0,
  ...extra,
})

const CATEGORIES = [
  entry(1, 0, 'category', 'Repayment questions', { title_local_alias: 'Repayment', icon: 'repayment' }),
  entry(2, 0, 'category', 'Fees and charges', { title_local_alias: 'Fees', icon: 'fees' }),
  entry(9, 0, 'category', 'Contact us', { title_local_alias: 'Contact us', icon: 'contact', action_type: 4 }),
]
const QUESTIONS = [entry(11, 1, 'question', 'How do I repay?'), entry(12, 1, 'question', 'Can I repay early?')]
const ANSWER = entry(111, 11, 'answer', 'Open the loan and tap Repay, then pay at a bank or a store.')

const reply = (overrides: Partial<QaReply> = {}): QaReply => ({ message: 'ok', answerList: [], action_type: 0, toRate: 0, ...overrides })

function knowledgeBase() {
  server.use(
    mockCall(getQaList, ({ query }) => {
      const pid = Number(query.get('pid'))
      if (pid === 0) return { question: null, answerList: CATEGORIES }
      if (pid === 1) return { question: null, answerList: QUESTIONS }
      if (pid === 11) return { question: { id: 11, title_local: 'How do I repay?' }, answerList: [ANSWER] }
      return { question: null, answerList: [] }
    }),
  )
}

function records(answer: (form: URLSearchParams) => QaReply) {
  const sent: MockRequest['form'][] = []
  server.use(
    mockCall(qaRecord, ({ form }) => {
      sent.push(form)
      return answer(form)
    }),
  )
  return sent
}

const scrolled = vi.fn()
beforeEach(() => {
  scrolled.mockClear()
  Element.prototype.scrollIntoView = scrolled
})
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView
})

const log = () => screen.getByRole('log')

async function askHowToRepay(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Repayment' }))
  await user.click(await screen.findByRole('button', { name: 'How do I repay?' }))
  await screen.findByText('Open the loan and tap Repay, then pay at a bank or a store.')
}

describe('/intelligentCustomerService', () => {
  it('greets, shows the categories, loads a category’s questions and a question’s answer, scrolling down each time', async () => {
    knowledgeBase()
    const { user } = await renderApp('/intelligentCustomerService?orderNo=K2026000006&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Smart assistant' })).toBeInTheDocument()
    expect(screen.getByRole('log', { name: 'Conversation with the smart assistant' })).toBeInTheDocument()
    expect(within(log()).getByText(/I am Kilat's smart assistant/)).toBeInTheDocument()
    const topics = within(log()).getByRole('list', { name: 'Topics' })
    expect(within(topics).getAllByRole('button').map((button) => button.textContent)).toEqual(['Repayment', 'Fees', 'Contact us'])

    await user.click(within(topics).getByRole('button', { name: 'Repayment' }))
    expect(await within(log()).findByText('Questions about Repayment:')).toBeInTheDocument()
    const afterQuestions = scrolled.mock.calls.length
    expect(afterQuestions).toBeGreaterThan(0)
    await user.click(screen.getByRole('button', { name: 'How do I repay?' }))
    expect(await within(log()).findByText('Open the loan and tap Repay, then pay at a bank or a store.')).toBeInTheDocument()
    expect(scrolled.mock.calls.length).toBeGreaterThan(afterQuestions)
    expect(scrolled).toHaveBeenLastCalledWith(expect.objectContaining({ block: 'end' }))
    expect(within(log()).getByRole('group', { name: 'Did this answer your question?' })).toBeInTheDocument()
  })

  it('solved: records it, asks for stars, wants one, and thanks for 3 with the server’s text', async () => {
    knowledgeBase()
    const sent = records((form) =>
      form.get('type') === '3' ? reply({ message: 'Thank you! We will keep improving.' }) : reply({ message: 'Glad I could help.' }),
    )
    const { user } = await renderApp('/intelligentCustomerService?orderNo=K2026000006&lang=en')
    await askHowToRepay(user)
    await user.click(screen.getByRole('button', { name: 'Solved' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rate the smart assistant' })
    expect(within(log()).getByText('Glad I could help.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Solved' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Please choose')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    await user.click(within(dialog).getByRole('button', { name: '3 stars' }))
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' })
    expect(within(thanks).getByText('Thank you! We will keep improving.')).toBeInTheDocument()
    expect(sent.map((form) => Object.fromEntries(form))).toEqual([
      { orderNo: 'K2026000006', type: '1', value: '', qaId: '11' },
      { orderNo: 'K2026000006', type: '3', value: '3', qaId: '11' },
    ])
  })

  it('hands 4 stars or more to the app store through the shell', async () => {
    knowledgeBase()
    records((form) => (form.get('type') === '3' ? reply({ toRate: 1 }) : reply({ message: 'Glad I could help.' })))
    const bridge = recordBridge()
    const { user } = await renderApp('/intelligentCustomerService?lang=en')
    await askHowToRepay(user)
    await user.click(screen.getByRole('button', { name: 'Solved' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rate the smart assistant' })
    await user.click(within(dialog).getByRole('button', { name: '5 stars' }))
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(bridge).toEqual([{ name: 'toRate', payload: { score: 5 } }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('not solved: shows the server’s reply with a contact button that opens the complaint form', async () => {
    knowledgeBase()
    server.use(mockCall(problemInit, { problemType: [{ title: 'Repayment', value: 2 }], problemSonType: [], problemStatus: 0, orderDetail: null, orderList: [], replyNote: 'We reply within 3 weekdays.' }))
    const sent = records(() => reply({ message: 'Sorry about that. Our team can help.', action_type: 4 }))
    const { user, router } = await renderApp('/intelligentCustomerService?orderNo=K2026000006&lang=en')
    await askHowToRepay(user)
    await user.click(screen.getByRole('button', { name: 'Not solved' }))
    expect(await within(log()).findByText('Sorry about that. Our team can help.')).toBeInTheDocument()
    expect(Object.fromEntries(sent[0]!)).toEqual({ orderNo: 'K2026000006', type: '2', value: '', qaId: '11' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Contact customer service' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/complainPageNext'))
    expect(new URLSearchParams(router.state.location.search).get('orderNo')).toBe('K2026000006')
  })

  it('goes to the complaint form from a category that means contacting us', async () => {
    knowledgeBase()
    server.use(mockCall(problemInit, { problemType: [{ title: 'Repayment', value: 2 }], problemSonType: [], problemStatus: 0, orderDetail: null, orderList: [], replyNote: '' }))
    const { user, router } = await renderApp('/intelligentCustomerService?lang=en')
    await user.click(await screen.findByRole('button', { name: 'Contact us' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/complainPageNext'))
  })

  it('does not send an empty message; sends typed text and shows the reply, matching answers and the contact button', async () => {
    knowledgeBase()
    const sent = records(() =>
      reply({
        message: 'These answers may help you.',
        answerList: [{ id: 12, title_local: 'Can I repay early?', answer: 'Yes, after half the term.', action_type: 0 }],
        action_type: 4,
      }),
    )
    const { user } = await renderApp('/intelligentCustomerService?lang=en')
    const input = await screen.findByRole('textbox', { name: 'Your question' })
    await user.type(input, '   ')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.type(input, '{Enter}')
    expect(sent).toHaveLength(0)
    expect(within(log()).queryByText(/^You:/)).not.toBeInTheDocument()

    await user.clear(input)
    await user.type(input, 'can i pay erly{Enter}')
    expect(await within(log()).findByText('These answers may help you.')).toBeInTheDocument()
    expect(Object.fromEntries(sent[0]!)).toEqual({ type: '4', value: 'can i pay erly' })
    expect(input).toHaveValue('')
    expect(within(log()).getByText('can i pay erly')).toBeInTheDocument()
    expect(within(log()).getAllByText(/^You:/)).toHaveLength(1)
    expect(within(log()).getByRole('button', { name: 'Contact customer service' })).toBeInTheDocument()
    await user.click(within(log()).getByRole('button', { name: 'Can I repay early?' }))
    expect(await within(log()).findByText('Yes, after half the term.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
  })

  it('opens on the category the older start page chose, with its questions, in Spanish', async () => {
    knowledgeBase()
    await renderApp('/intelligentCustomerService?selectedIndex=0&market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Asistente inteligente' })).toBeInTheDocument()
    expect(await within(log()).findByText('Preguntas sobre Repayment:')).toBeInTheDocument()
    expect(within(log()).getByRole('button', { name: 'Can I repay early?' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Tu pregunta' })).toBeInTheDocument()
  })
})
