import { getQaList, problemInitV3 } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { problemInitData } from './test-fixtures'

const category = (id: number, alias: string, icon: string, action_type: 0 | 4 = 0) => ({
  id,
  pid: 0,
  kind: 'category' as const,
  title_local: `${alias} questions`,
  title_local_alias: alias,
  icon,
  action_type,
})

const CATEGORIES = [category(1, 'Repayment', 'repayment'), category(2, 'Extension', 'extension'), category(3, 'Fees', 'fees'), category(4, 'Account', 'account'), category(5, 'Privacy', 'privacy')]

describe('/complainNewPage', () => {
  it('shows the order card and four help topics, each opening the chatbot on it for that order', async () => {
    let asked: { orderNo: string | null; pid: string | null } | undefined
    server.use(
      mockCall(problemInitV3, problemInitData()),
      mockCall(getQaList, ({ query }) => {
        asked = { orderNo: query.get('orderNo'), pid: query.get('pid') }
        return { question: null, answerList: CATEGORIES }
      }),
    )
    await renderApp('/complainNewPage?orderNo=K2026000006&lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Help center' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Produk 06' })).toBeInTheDocument()
    const topics = within(screen.getByRole('region', { name: 'What do you need help with?' })).getAllByRole('link')
    expect(topics.map((link) => link.textContent)).toEqual(['Repayment', 'Extension', 'Fees', 'Account'])
    expect(topics[2]).toHaveAttribute('href', '/intelligentCustomerService?selectedIndex=2&orderNo=K2026000006&lang=en')
    expect(asked).toEqual({ orderNo: 'K2026000006', pid: '0' })
  })

  it('opens the chatbot on the chosen topic', async () => {
    server.use(
      mockCall(problemInitV3, problemInitData()),
      mockCall(getQaList, ({ query }) =>
        query.get('pid') === '3'
          ? { question: null, answerList: [{ id: 31, pid: 3, kind: 'question', title_local: 'What fees do I pay?', title_local_alias: '', icon: '', action_type: 0 }] }
          : { question: null, answerList: CATEGORIES },
      ),
    )
    const { user, router } = await renderApp('/complainNewPage?lang=en')
    await user.click(await screen.findByRole('link', { name: 'Fees' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/intelligentCustomerService'))
    expect(await screen.findByRole('button', { name: 'What fees do I pay?' })).toBeInTheDocument()
  })
})
