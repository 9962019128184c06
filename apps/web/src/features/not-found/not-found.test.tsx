import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app'

describe('not found', () => {
  it('answers any address outside the route table', async () => {
    const { user, router } = await renderApp('/no/such/page?lang=en')
    expect(await screen.findByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page not found · Kilat'))
    // Home is a public page, outside this app: the router starts for it and the browser loads its
    // document (apps/web/src/app/routes.ts leaveForDocument), the page on view staying meanwhile
    await user.click(screen.getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/'))
    expect(screen.getByRole('heading', { level: 2, name: 'Page not found' })).toBeInTheDocument()
  })

  it('is localized', async () => {
    await renderApp('/nope?lang=es')
    expect(await screen.findByRole('heading', { level: 2, name: 'Página no encontrada' })).toBeInTheDocument()
  })
})
