import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app'

describe('coming soon screens', () => {
  it('show the screen’s localized title, a note and a way home', async () => {
    const { user, router } = await renderApp('/repay-delay?lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan extension' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Loan extension · Kilat'))
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Instant loans' })).toBeInTheDocument()
  })

  it('speak Indonesian by default in Indonesia', async () => {
    await renderApp('/that')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pelunasan' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Segera hadir' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Pelunasan · Kilat'))
  })

  it('speak Spanish in Mexico', async () => {
    await renderApp('/installments?market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalle de la factura' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Próximamente' })).toBeInTheDocument()
  })

  it('show the India text set with rupees on marketing pages for isNeedPop=1', async () => {
    await renderApp('/?isNeedPop=1')
    expect(await screen.findByText('Loans from ₹2,000 to ₹80,000 within 2 hours')).toBeInTheDocument()
    expect(screen.getByText('Salaried earners of ₹12,000 and above are eligible')).toBeInTheDocument()
  })

  it('show Mexico’s own text set with pesos for market=MX', async () => {
    await renderApp('/?market=MX')
    expect(await screen.findByText('Préstamos de $1,000 a $20,000 en 2 horas')).toBeInTheDocument()
    expect(screen.getByText('Ingreso mensual de $6,000 o más')).toBeInTheDocument()
  })

  it('show the Indonesian text set with Rp otherwise', async () => {
    await renderApp('/Loan')
    expect(await screen.findByText('Pinjaman Rp 1.000.000 sampai Rp 15.000.000 dalam 2 jam')).toBeInTheDocument()
    expect(screen.getByText('Gaji tahunan Rp 5.000.000 ke atas')).toBeInTheDocument()
  })
})
