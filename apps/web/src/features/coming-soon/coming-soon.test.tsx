import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app'

describe('coming soon screens', () => {
  it('show the screen’s localized title, a note and a way home', async () => {
    const { user, router } = await renderApp('/error?lang=en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Something went wrong · Kilat'))
    // The home page is a public page of its own: the link loads its document (docs/decisions/0011-public-pages.md).
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/'))
  })

  it('speak Indonesian by default in Indonesia', async () => {
    await renderApp('/error')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terjadi kesalahan' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Segera hadir' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Kembali' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Terjadi kesalahan · Kilat'))
  })

  it('speak Spanish in Mexico', async () => {
    await renderApp('/error?market=MX')
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Próximamente' })).toBeInTheDocument()
  })
})
