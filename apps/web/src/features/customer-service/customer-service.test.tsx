import { contactKfInfo, getQaList } from '@kilat/contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server, type MockRequest } from '../../test/msw'
import { recordBridge } from '../../test/native-bridge'
import { renderApp } from '../../test/render-app'

function answer(market: 'ID' | 'MX' = 'ID') {
  const asked: MockRequest['form'][] = []
  server.use(
    mockCall(contactKfInfo, ({ form }) => {
      asked.push(form)
      return {
        email: market === 'MX' ? 'ayuda@kilat.example' : 'cs@kilat.example',
        smWa: market === 'MX' ? '+52 55 5000 0000' : '+62 21 5000 0000',
        hours: market === 'MX' ? 'Lunes a sábado, 9:00–18:00' : 'Senin–Sabtu, 08.00–20.00 WIB',
        market,
        grievanceOfficer: { name: 'Dewi Lestari', email: 'pengaduan@kilat.example', phone: '+62 21 5000 0001' },
      }
    }),
  )
  return asked
}

describe('/customer-service', () => {
  it('shows the contact-us texts, the telephone, the email as a mailto link and the hours, in Indonesian', async () => {
    const asked = answer()
    await renderApp('/customer-service')
    expect(await screen.findByRole('heading', { level: 1, name: 'Layanan pelanggan' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Layanan pelanggan · Kilat'))
    const card = screen.getByRole('region', { name: 'Hubungi kami' })
    expect(within(card).getByText(/Tim layanan pelanggan kami siap membantu/)).toBeInTheDocument()
    expect(within(card).getByText('Telepon layanan pelanggan').nextSibling).toContainElement(within(card).getByRole('link', { name: 'Telepon +62 21 5000 0000' }))
    expect(within(card).getByRole('link', { name: 'cs@kilat.example' })).toHaveAttribute('href', 'mailto:cs@kilat.example')
    expect(within(card).getByText('Jam layanan').nextSibling).toHaveTextContent('Senin–Sabtu, 08.00–20.00 WIB')
    expect(Object.fromEntries(asked[0]!)).toEqual({ overall: '30' })
  })

  it('calls through the app shell (callTelephone)', async () => {
    answer()
    const sent = recordBridge()
    const { user } = await renderApp('/customer-service?lang=en')
    const call = await screen.findByRole('link', { name: 'Call +62 21 5000 0000' })
    expect(call).toHaveAttribute('href', 'tel:+622150000000')
    await user.click(call)
    expect(sent).toEqual([{ name: 'callTelephone', payload: { phone: '+62 21 5000 0000' } }])
  })

  it('leads to the smart assistant, a complaint and the grievance officer, in Spanish in Mexico', async () => {
    answer('MX')
    server.use(mockCall(getQaList, { question: null, answerList: [] }))
    const { user, router } = await renderApp('/customer-service?market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Atención al cliente' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ayuda@kilat.example' })).toHaveAttribute('href', 'mailto:ayuda@kilat.example')
    const officer = screen.getByRole('region', { name: 'Responsable de quejas' })
    expect(within(officer).getByRole('link', { name: 'pengaduan@kilat.example' })).toHaveAttribute('href', 'mailto:pengaduan@kilat.example')
    const more = screen.getByRole('navigation', { name: 'Más formas de obtener ayuda' })
    expect(within(more).getByRole('link', { name: 'Presentar una queja' })).toHaveAttribute('href', '/complaint?market=MX')
    await user.click(within(more).getByRole('link', { name: 'Chatear con el asistente inteligente' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/intelligentCustomerService'))
  })

  it('shows a clear error with a retry when the load fails', async () => {
    server.use(mockCall(contactKfInfo, fail(1099, 'Something went wrong on our side.', 500)))
    await renderApp('/customer-service?lang=en')
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
