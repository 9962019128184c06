import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTranslator, I18nProvider } from '../i18n'
import en from '../i18n/locales/en/common.json'
import { createRouter, Outlet, RouterProvider, useLeave, useLocation, useNavigate, type RouteDef, type Router } from '../router'
import { LeaveGuard } from './leave-guard'
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

    // The screen changing its own query keeps the focus where the borrower has it.
    const field = document.createElement('input')
    document.body.append(field)
    field.focus()
    await act(() => router.navigate('/b?amount=300', { replace: true }))
    expect(field).toHaveFocus()
    field.remove()
  })
})

describe('leave guard', () => {
  function Form({ kept = false }: { kept?: boolean }) {
    const [text, setText] = useState('')
    const sent = useRef(false)
    const navigate = useNavigate()
    const leave = useLeave()
    return (
      <>
        <h1>Form</h1>
        <label>
          Note <input value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button
          type="button"
          onClick={() => {
            sent.current = true
            void navigate('/done')
          }}
        >
          Send
        </button>
        <button type="button" onClick={() => void navigate('/list')}>
          List
        </button>
        <button type="button" onClick={() => leave(() => void navigate('/shell-closed'))}>
          Close
        </button>
        <LeaveGuard when={() => !sent.current && text !== ''} kept={kept} />
      </>
    )
  }
  const routes = (kept = false): RouteDef[] => [
    { id: 'form', path: '/form', Component: () => <Form kept={kept} /> },
    { id: 'list', path: '/list', Component: () => <h1>List</h1> },
    { id: 'done', path: '/done', Component: () => <h1>Done</h1> },
    { id: 'closed', path: '/shell-closed', Component: () => <h1>Closed</h1> },
  ]

  it('lets a clean form go without asking, and asks once something is typed', async () => {
    const router = app(routes(), '/form')
    await screen.findByRole('heading', { name: 'Form' })
    await act(() => router.navigate('/list'))
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('stay keeps the input; leave goes where the borrower was going', async () => {
    const user = userEvent.setup()
    const router = app(routes(), '/form')
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'half a sentence')
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(await screen.findByRole('heading', { name: 'Leave this page?' })).toBeInTheDocument()
    expect(screen.getByText('What you entered here will be lost.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Stay' }))
    expect(router.state.location.pathname).toBe('/form')
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('half a sentence')
    expect(screen.queryByRole('heading', { name: 'Leave this page?' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'List' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'List' })).toBeInTheDocument()
  })

  it('the app shell closing the page asks too', async () => {
    const user = userEvent.setup()
    app(routes(), '/form')
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(await screen.findByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('heading', { name: 'Closed' })).toBeInTheDocument()
  })

  it("the form's own way on after sending does not ask", async () => {
    const user = userEvent.setup()
    app(routes(), '/form')
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('heading', { name: 'Done' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Leave this page?' })).toBeNull()
  })

  it("asks the browser's own question on a reload only when the input would be lost", async () => {
    const user = userEvent.setup()
    app(routes(), '/form')
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x')
    expect(unload()).toBe(true)
  })

  it('a draft kept on the phone says so, and a reload does not ask', async () => {
    const user = userEvent.setup()
    app(routes(true), '/form')
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x')
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    await user.click(screen.getByRole('button', { name: 'List' }))
    expect(await screen.findByText('It has not been sent yet. What you wrote stays on this phone for when you come back.')).toBeInTheDocument()
  })
})
