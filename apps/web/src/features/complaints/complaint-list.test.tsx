import { problemDetail, problemList } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { complaintDetailData, complaintListData } from './test-fixtures'

describe('/complaintList', () => {
  it('shows the server’s tabs with their rows: time, type, content and when a reply is due', async () => {
    server.use(mockCall(problemList, complaintListData()))
    await renderApp('/complaintList?lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'My complaints' })).toBeInTheDocument()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Processing (2)', 'Replied (1)', 'Closed (0)'])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    const rows = within(screen.getByRole('tabpanel')).getAllByRole('link')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Collection · Rude language')
    expect(rows[0]).toHaveTextContent('2026-03-02 10:00:00')
    expect(rows[0]).toHaveTextContent('The collector shouted at me.')
    expect(rows[0]).toHaveTextContent('Reply due by 2026-03-05')
    expect(rows[0]).toHaveAttribute('href', '/complainDetails?problemId=31&lang=en')
  })

  it('switches tabs by tap and by arrow keys, and says when a tab is empty', async () => {
    server.use(mockCall(problemList, complaintListData()))
    const { user } = await renderApp('/complaintList?lang=en')
    await user.click(await screen.findByRole('tab', { name: 'Replied (1)' }))
    expect(screen.getByRole('tab', { name: 'Replied (1)' })).toHaveAttribute('aria-selected', 'true')
    const row = within(screen.getByRole('tabpanel')).getByRole('link')
    expect(row).toHaveTextContent('My payment is not shown.')
    expect(row).not.toHaveTextContent('Reply due by')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Closed (0)' })).toHaveFocus()
    expect(within(screen.getByRole('tabpanel')).getByText('No complaints here.')).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Processing (2)' })).toHaveAttribute('aria-selected', 'true')
  })

  it('opens a row’s complaint', async () => {
    server.use(mockCall(problemList, complaintListData()), mockCall(problemDetail, complaintDetailData({ problemId: 31, isScore: 0 })))
    const { user, router } = await renderApp('/complaintList?lang=en')
    await user.click(await screen.findByRole('link', { name: /The collector shouted at me/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/complainDetails'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint details' })).toBeInTheDocument()
    expect(await screen.findByText('We are sorry. The agent has been warned and the calls will stop.')).toBeInTheDocument()
  })

  it('asks the borrower to log in again when the session is refused', async () => {
    server.use(mockCall(problemList, fail(1001, 'Please log in again.', 401)))
    await renderApp('/complaintList?lang=es')
    expect(await screen.findByRole('heading', { level: 2, name: 'Inicia sesión de nuevo' })).toBeInTheDocument()
  })
})
