import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTranslator, I18nProvider } from '../i18n'
import en from '../i18n/locales/en/common.json'
import { createRouter, Outlet, RouterProvider, useLocation, type RouteDef, type Router } from '../router'
import { NavigationProgress, PROGRESS_DELAY_MS } from './navigation-progress'
import { RouteAnnouncer } from './route-announcer'

const routers: Router[] = []
afterEach(() => {
  for (const router of routers.splice(0)) router.dispose()
  vi.useRealTimers()
})

function app(routes: RouteDef[], url: string): Router {
  const router = createRouter({ routes, context: undefined, initialEntry: url })
  routers.push(router)
  const translator = createTranslator({ locale: 'en', resources: { en: { common: en } } })
  render(
    <I18nProvider translator={translator}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

describe('navigation progress', () => {
  it('shows a bar only once a navigation has been loading for a while, and marks the screen busy meanwhile', async () => {
    vi.useFakeTimers()
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    function Shell() {
      return (
        <>
          <NavigationProgress />
          <main>
            <Outlet />
          </main>
        </>
      )
    }
    const router = app([{ id: 'root', Component: Shell, children: [{ id: 'a', path: '/a', Component: () => <p>a</p> }, { id: 'slow', path: '/slow', loader: () => slow }] }], '/a')
    await act(() => router.ready)
    expect(screen.queryByRole('progressbar')).toBeNull()

    let moved!: Promise<void>
    await act(async () => void (moved = router.navigate('/slow')))
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true')
    await act(async () => void vi.advanceTimersByTime(PROGRESS_DELAY_MS - 10))
    expect(screen.queryByRole('progressbar')).toBeNull()
    await act(async () => void vi.advanceTimersByTime(20))
    expect(screen.getByRole('progressbar', { name: 'Loading the next page' })).toBeInTheDocument()

    await act(async () => {
      release()
      await moved
    })
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy')
  })
})

describe('route announcer', () => {
  function Shell() {
    const title = useLocation().pathname === '/a' ? 'Screen A' : 'Screen B'
    return (
      <>
        <Outlet />
        <RouteAnnouncer title={title} />
      </>
    )
  }
  it('says the new title and focuses its heading after a navigation, not on the first page', async () => {
    const router = app([{ id: 'root', Component: Shell, children: [{ id: 'a', path: '/a', Component: () => <h1>A</h1> }, { id: 'b', path: '/b', Component: () => <h1>B</h1> }] }], '/a')
    const first = await screen.findByRole('heading', { name: 'A' })
    const region = document.querySelector('[aria-live="polite"]')
    expect(region).toHaveTextContent('')
    expect(first).not.toHaveFocus()
    expect(first).not.toHaveAttribute('tabindex')

    await act(() => router.navigate('/b'))
    const heading = await screen.findByRole('heading', { name: 'B' })
    expect(region).toHaveTextContent('Screen B')
    expect(heading).toHaveFocus()
    expect(heading).toHaveAttribute('tabindex', '-1')
  })
})
