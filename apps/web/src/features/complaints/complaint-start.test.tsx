import { problemInit } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockCall, server } from '../../test/msw'
import { renderApp } from '../../test/render-app'
import { problemInitData } from './test-fixtures'

function answer(overrides: Parameters<typeof problemInitData>[0] = {}) {
  const asked: (string | null)[] = []
  const data = problemInitData(overrides)
  server.use(
    mockCall(problemInit, ({ form }) => {
      asked.push(form.get('orderNo'))
      const orderNo = form.get('orderNo')
      return { ...data, orderDetail: data.orderList.find((order) => order.orderNo === orderNo) ?? data.orderDetail }
    }),
  )
  return asked
}

const pathAndQuery = (router: { state: { location: { pathname: string; search: string } } }) => ({
  path: router.state.location.pathname,
  query: Object.fromEntries(new URLSearchParams(router.state.location.search)),
})

describe('/complaint', () => {
  it('shows My complaints, the order card and the problem types, in Indonesian by default', async () => {
    answer({ problemStatus: 1 })
    await renderApp('/complaint')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pengaduan' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Pengaduan · Kilat'))
    expect(screen.getByRole('link', { name: 'Pengaduan saya' })).toHaveAttribute('href', '/complaintList')
    expect(screen.getByText('Ada pengaduan yang menunggu balasan kami')).toBeInTheDocument()
    const card = screen.getByRole('region', { name: 'Produk 06' })
    expect(within(card).getByText('Pesanan K2026000006')).toBeInTheDocument()
    expect(within(card).getByText('Jumlah pinjaman').nextSibling).toHaveTextContent('Rp 2.500.000,00')
    const types = screen.getByRole('region', { name: 'Apa yang ingin Anda adukan?' })
    expect(within(types).getByRole('button', { name: 'Collection' })).toHaveAttribute('aria-expanded', 'false')
    expect(within(types).getAllByRole('link').map((link) => link.textContent)).toEqual(['Repayment', 'Fees'])
  })

  it('chooses another order among all of them, newest first', async () => {
    const asked = answer()
    const { user, router } = await renderApp('/complaint?lang=en')
    await user.click(await screen.findByRole('button', { name: 'Choose another order' }))
    const dialog = await screen.findByRole('dialog', { name: 'Choose an order' })
    const choices = within(dialog).getAllByRole('button', { name: /Order K/ })
    expect(choices.map((choice) => within(choice).getByText(/Order/).textContent)).toEqual(['Order K2026000006', 'Order K2026000005'])
    expect(choices[0]).toHaveAttribute('aria-current', 'true')
    await user.click(choices[1]!)
    await waitFor(() => expect(pathAndQuery(router)).toEqual({ path: '/complaint', query: { orderNo: 'K2026000005', lang: 'en' } }))
    expect(await screen.findByRole('region', { name: 'Kilat Tunai' })).toBeInTheDocument()
    await waitFor(() => expect(asked).toContain('K2026000005'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('goes on to the form with the type, the order and its place in the list', async () => {
    answer()
    const { user, router } = await renderApp('/complaint?lang=en')
    await user.click(await screen.findByRole('link', { name: 'Fees' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/complainPageNext'))
    expect(pathAndQuery(router).query).toEqual({ problemType: '3', orderNo: 'K2026000006', problemIndex: '2', lang: 'en' })
  })

  it('waits for a collection sub-type, then goes on with it', async () => {
    answer()
    const { user, router } = await renderApp('/complaint?lang=en')
    const collection = await screen.findByRole('button', { name: 'Collection' })
    expect(screen.queryByRole('link', { name: 'Rude language' })).not.toBeInTheDocument()
    await user.click(collection)
    expect(collection).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('What happened during collection?')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/complaint')
    await user.click(screen.getByRole('link', { name: 'Contacting my family' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/complainPageNext'))
    expect(pathAndQuery(router).query).toEqual({ problemType: '1', problemSonType: '12', orderNo: 'K2026000006', problemIndex: '0', lang: 'en' })
  })

  it('refuses a collection complaint for an order that does not allow one', async () => {
    answer()
    const { user, router } = await renderApp('/complaint?orderNo=K2026000005&lang=en')
    await screen.findByRole('region', { name: 'Kilat Tunai' })
    await user.click(screen.getByRole('button', { name: 'Collection' }))
    expect(await screen.findByText('The selected order does not support sending collection types')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Collection' })).toHaveAttribute('aria-expanded', 'false')
    expect(router.state.location.pathname).toBe('/complaint')
  })

  it('refuses a credit-report dispute for an order never paid out, and goes on with one paid out', async () => {
    const types = [...problemInitData().problemType, { title: 'My credit report is wrong', value: 9 }]
    answer({ problemType: types })
    const { user, router, unmount } = await renderApp('/complaint?orderNo=K2026000005&lang=en')
    await screen.findByRole('region', { name: 'Kilat Tunai' })
    await user.click(screen.getByRole('button', { name: 'My credit report is wrong' }))
    expect(await screen.findByText('The selected order was never paid out, so it is not in any credit report')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/complaint')
    unmount()

    answer({ problemType: types })
    const paidOut = await renderApp('/complaint?orderNo=K2026000006&lang=en')
    await paidOut.user.click(await screen.findByRole('link', { name: 'My credit report is wrong' }))
    await waitFor(() => expect(paidOut.router.state.location.pathname).toBe('/complainPageNext'))
    expect(pathAndQuery(paidOut.router).query).toMatchObject({ problemType: '9', orderNo: 'K2026000006', problemIndex: '3' })
  })

  it('says so when the borrower has no order, in Spanish in Mexico', async () => {
    answer({ orderDetail: null, orderList: [] })
    await renderApp('/complaint?market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Queja' })).toBeInTheDocument()
    expect(screen.getByText(/Aún no tienes pedidos de préstamo/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Otras formas de contactarnos' })).toHaveAttribute('href', '/customer-service?market=MX')
  })
})
