import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app'

describe('coming soon screens', () => {
  it('show the screen’s localized title, a note and a way home', async () => {
    const { user, router } = await renderApp('/repay-delay?lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan extension' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Loan extension · Kilat'))
    // The home page is a public page of its own: the link loads its document (docs/decisions/0011-public-pages.md).
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/'))
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
})
