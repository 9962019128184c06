import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { allowConsoleError } from '../../test/setup'
import { resolveTo } from './history'
import {
  createRouter,
  isRouteErrorResponse,
  Link,
  loadOnServer,
  matchRoutes,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  serializeErrors,
  staticRouter,
  useLoaderData,
  useBlocker,
  useLocation,
  useMatches,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type LoaderArgs,
  type RouteDef,
  type Router,
} from '.'

interface Ctx {
  calls: string[]
}

const routers: Router[] = []
afterEach(() => {
  for (const router of routers.splice(0)) router.dispose()
  window.history.replaceState(null, '', '/')
})

function memory<C>(routes: RouteDef<C>[], url: string, context: C, hydrationData?: Parameters<typeof createRouter>[0]['hydrationData']): Router<C> {
  const router = createRouter({ routes, context, initialEntry: url, hydrationData })
  routers.push(router as Router)
  return router
}

const ids = (matches: { route: { id: string } }[] | null) => matches?.map((m) => m.route.id)

describe('matching', () => {
  const table: RouteDef[] = [
    {
      id: 'root',
      children: [
        { id: 'home', index: true },
        { id: 'list', path: 'orders' },
        { id: 'order', path: 'orders/:orderNo' },
        { id: 'rest', path: 'orders/*' },
        { id: 'policy', path: '/Policy' },
        { id: 'layout', children: [{ id: 'inside', path: 'kb' }] },
        { id: 'notFound', path: '*' },
      ],
    },
  ]

  it('takes the most specific path, whatever the order of the table', () => {
    expect(ids(matchRoutes(table, '/'))).toEqual(['root', 'home'])
    expect(ids(matchRoutes(table, '/orders'))).toEqual(['root', 'list'])
    expect(ids(matchRoutes(table, '/orders/K1/'))).toEqual(['root', 'order'])
    expect(ids(matchRoutes(table, '/orders/K1/items'))).toEqual(['root', 'rest'])
    expect(ids(matchRoutes(table, '/kb'))).toEqual(['root', 'layout', 'inside'])
    expect(ids(matchRoutes(table, '/nowhere/at/all'))).toEqual(['root', 'notFound'])
  })

  it('reads parameters, decoded, and the rest of a splat; ignores case as the old router did', () => {
    expect(matchRoutes(table, '/orders/K%2041')?.at(-1)?.params).toEqual({ orderNo: 'K 41' })
    expect(matchRoutes(table, '/orders/K1/a/b')?.at(-1)?.params).toEqual({ '*': 'K1/a/b' })
    expect(ids(matchRoutes(table, '/policy'))).toEqual(['root', 'policy'])
  })

  it('answers null without a catch-all', () => {
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull()
  })

  it('resolves relative addresses and keeps the query and hash', () => {
    expect(resolveTo('orders?x=1#top', '/ops')).toMatchObject({ pathname: '/ops/orders', search: '?x=1', hash: '#top' })
    expect(resolveTo('../audit', '/ops/orders')).toMatchObject({ pathname: '/ops/audit' })
    expect(resolveTo({ search: 'a=1' }, '/here')).toMatchObject({ pathname: '/here', search: '?a=1' })
  })
})

describe('navigation in memory', () => {
  function table(): RouteDef<Ctx>[] {
    const loader = (name: string) => ({ request, params, context }: LoaderArgs<Ctx>) => {
      context.calls.push(`${name} ${new URL(request.url).pathname}${new URL(request.url).search}`)
      return { name, ...params }
    }
    return [
      {
        id: 'root',
        children: [
          { id: 'a', path: '/a', loader: loader('a') },
          { id: 'b', path: '/b/:id', loader: loader('b') },
        ],
      },
    ]
  }

  it('loads the first address, then pushes, replaces and goes back', async () => {
    const ctx: Ctx = { calls: [] }
    const router = memory(table(), '/a?lang=en', ctx)
    await router.ready
    expect(router.state).toMatchObject({ initialized: true, historyAction: 'POP', location: { pathname: '/a', search: '?lang=en', key: 'default' } })
    expect(router.state.loaderData).toEqual({ a: { name: 'a' } })

    await router.navigate('/b/7?x=1')
    expect(router.state).toMatchObject({ historyAction: 'PUSH', location: { pathname: '/b/7', search: '?x=1' } })
    expect(router.state.location.key).not.toBe('default')
    expect(router.state.loaderData).toEqual({ b: { name: 'b', id: '7' } })

    await router.navigate('/b/8', { replace: true })
    expect(router.state.historyAction).toBe('REPLACE')

    await router.navigate(-1)
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'))
    expect(router.state.historyAction).toBe('POP')
    expect(ctx.calls).toEqual(['a /a?lang=en', 'b /b/7?x=1', 'b /b/8', 'a /a?lang=en'])
  })

  it('runs a loader again when its path or the query changes, on a link to the same address, or when asked to', async () => {
    const ctx: Ctx = { calls: [] }
    const router = memory(table(), '/a', ctx)
    await router.ready
    await router.navigate('/a#part')
    expect(ctx.calls).toEqual(['a /a'])
    await router.navigate('/a?page=2')
    await router.revalidate()
    await router.navigate('/a?page=2')
    expect(ctx.calls).toEqual(['a /a', 'a /a?page=2', 'a /a?page=2', 'a /a?page=2'])
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('keeps the screen on view while the next one loads, and drops a navigation a newer one replaced', async () => {
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    const routes: RouteDef[] = [
      { id: 'a', path: '/a' },
      { id: 'slow', path: '/slow', loader: async () => slow },
      { id: 'c', path: '/c' },
    ]
    const router = memory(routes, '/a', undefined)
    await router.ready
    const first = router.navigate('/slow')
    expect(router.state.navigation).toMatchObject({ state: 'loading', location: { pathname: '/slow' } })
    expect(router.state.location.pathname).toBe('/a')
    await router.navigate('/c')
    release()
    await first
    expect(router.state.location.pathname).toBe('/c')
    expect(router.state.navigation.state).toBe('idle')
  })

  it('loads a lazy screen before showing it', async () => {
    const routes: RouteDef[] = [{ id: 'lazy', path: '/lazy', lazy: async () => ({ Component: () => <p>lazy screen</p> }) }]
    const router = memory(routes, '/lazy', undefined)
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('lazy screen')).toBeInTheDocument()
  })
})

describe('errors and not found', () => {
  function Failure() {
    const error = useRouteError()
    return <p role="alert">{isRouteErrorResponse(error) ? `status ${error.status}` : error instanceof Error ? error.message : 'unknown'}</p>
  }

  it('shows a loader’s failure in the nearest error boundary above it', async () => {
    const routes: RouteDef[] = [
      {
        id: 'root',
        Component: () => (
          <main>
            shell <Outlet />
          </main>
        ),
        ErrorBoundary: Failure,
        children: [
          {
            id: 'screen',
            path: '/x',
            loader: () => {
              throw new Error('no data')
            },
            Component: () => <p>never</p>,
          },
        ],
      },
    ]
    const router = memory(routes, '/x', undefined)
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('no data')
    expect(screen.queryByText('shell')).toBeNull()
    expect(router.state.errors).toHaveProperty('root')
  })

  it('answers 404 when no route matches, on the server and in the browser', async () => {
    const routes: RouteDef[] = [{ id: 'root', path: '/only', ErrorBoundary: Failure }]
    const served = await loadOnServer(routes, new Request('http://kilat.local/else'), undefined)
    expect(served.status).toBe(404)
    const router = memory(routes, '/else', undefined)
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('status 404')
  })

  it('shows a screen that throws while rendering in its boundary, until the next address', async () => {
    allowConsoleError(/render broke|The above error occurred|%o/)
    const Broken = () => {
      throw new Error('render broke')
    }
    const routes: RouteDef[] = [
      {
        id: 'root',
        Component: Outlet,
        ErrorBoundary: Failure,
        children: [
          { id: 'broken', path: '/broken', Component: Broken },
          { id: 'fine', path: '/fine', Component: () => <p>fine screen</p> },
        ],
      },
    ]
    const router = memory(routes, '/broken', undefined)
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('render broke')
    await act(() => router.navigate('/fine'))
    expect(await screen.findByText('fine screen')).toBeInTheDocument()
  })
})

describe('server rendering and hydration', () => {
  const screenRoutes = (loader: () => unknown): RouteDef[] => [
    {
      id: 'root',
      Component: Outlet,
      children: [
        {
          id: 'page',
          path: '/page',
          loader,
          Component: () => {
            const data = useLoaderData() as { title: string }
            const matches = useMatches()
            return (
              <h1>
                {data.title} · {String(matches.at(-1)?.handle)}
              </h1>
            )
          },
          handle: 'page-handle',
        },
      ],
    },
  ]

  it('carries the loaders’ results across, so the browser does not run them again', async () => {
    const onServer = vi.fn(() => ({ title: 'From the server' }))
    const served = await loadOnServer(screenRoutes(onServer), new Request('http://kilat.local/page?lang=en'), undefined)
    expect(served.status).toBe(200)
    const html = render(<RouterProvider router={staticRouter(screenRoutes(onServer), served.state)} />)
    expect(html.container.innerHTML).toBe('<h1>From the server · page-handle</h1>')
    html.unmount()

    const crossed = JSON.parse(JSON.stringify({ loaderData: served.state.loaderData, errors: serializeErrors(served.state.errors) }))
    const inBrowser = vi.fn(() => ({ title: 'From the browser' }))
    const router = memory(screenRoutes(inBrowser), '/page?lang=en', undefined, crossed)
    await router.ready
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading')).toHaveTextContent('From the server · page-handle')
    expect(inBrowser).not.toHaveBeenCalled()
  })

  it('a Navigate rendered on the server tells where to, so the page answers a redirect', async () => {
    const table: RouteDef[] = [{ id: 'root', children: [{ id: 'old', path: '/old', Component: () => <Navigate to="/page?lang=en" replace /> }] }]
    const served = await loadOnServer(table, new Request('http://kilat.local/old'), undefined)
    const onRedirect = vi.fn()
    const html = render(<RouterProvider router={staticRouter(table, served.state, onRedirect)} />)
    expect(onRedirect).toHaveBeenCalledWith('/page?lang=en')
    expect(html.container.innerHTML).toBe('')
  })

  it('sends the kind of a failure, never its message, and the browser shows the same boundary', async () => {
    const routes = (): RouteDef[] => [
      {
        id: 'root',
        ErrorBoundary: () => <p role="alert">{(useRouteError() as Error).message}</p>,
        children: [
          {
            id: 'page',
            path: '/page',
            loader: () => {
              throw new Error('secret detail')
            },
          },
        ],
      },
    ]
    const served = await loadOnServer(routes(), new Request('http://kilat.local/page'), undefined)
    expect(served.status).toBe(500)
    const errors = serializeErrors(served.state.errors)
    expect(JSON.stringify(errors)).not.toContain('secret')
    const router = memory(routes(), '/page', undefined, { loaderData: served.state.loaderData, errors })
    await router.ready
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('alert')).toHaveTextContent('render failed')
  })
})

describe('hooks and links in the browser', () => {
  function Shell() {
    const { pathname, search } = useLocation()
    return (
      <>
        <p data-testid="where">{`${pathname}${search}`}</p>
        <Outlet />
      </>
    )
  }

  function Orders() {
    const [params, setParams] = useSearchParams()
    const { state, revalidate } = useRevalidator()
    return (
      <>
        <Link to="/orders/K9">open K9</Link>
        <button type="button" onClick={() => setParams({ page: String(Number(params.get('page') ?? 1) + 1) })}>
          next page
        </button>
        <button type="button" onClick={() => void revalidate()}>
          reload {state}
        </button>
      </>
    )
  }

  function Order() {
    const { orderNo } = useParams()
    return <h1>order {orderNo}</h1>
  }

  const routes = (loads: { count: number }): RouteDef[] => [
    {
      id: 'root',
      Component: Shell,
      children: [
        { id: 'orders', path: '/orders', Component: Orders, loader: () => ({ count: ++loads.count }) },
        { id: 'order', path: '/orders/:orderNo', Component: Order },
        { id: 'old', path: '/old', Component: () => <Navigate to="/orders?page=1" replace /> },
      ],
    },
  ]

  it('follows links, sets the query, redirects and keeps the entry’s key in the browser’s history', async () => {
    const user = userEvent.setup()
    const loads = { count: 0 }
    window.history.replaceState(null, '', '/old')
    const router = createRouter({ routes: routes(loads), context: undefined })
    routers.push(router)
    render(<RouterProvider router={router} />)
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders?page=1'))
    expect(window.location.pathname).toBe('/orders')
    expect(router.state.historyAction).toBe('REPLACE')

    await user.click(screen.getByRole('button', { name: 'next page' }))
    await waitFor(() => expect(window.location.search).toBe('?page=2'))
    expect(loads.count).toBe(2)

    const link = screen.getByRole('link', { name: 'open K9' })
    expect(link).toHaveAttribute('href', '/orders/K9')
    await user.click(link)
    expect(await screen.findByRole('heading', { name: 'order K9' })).toBeInTheDocument()
    const key = (window.history.state as { key: string }).key
    expect(key).toBe(router.state.location.key)

    await act(async () => {
      const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
      window.history.back()
      await moved
    })
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/orders?page=2'))
    expect(router.state.location.key).not.toBe('default')
  })

  it('lets a modified click open the link the browser’s way', async () => {
    const user = userEvent.setup()
    const router = memory(routes({ count: 0 }), '/orders', undefined)
    render(<RouterProvider router={router} />)
    const link = await screen.findByRole('link', { name: 'open K9' })
    link.addEventListener('click', (event) => event.preventDefault())
    await user.keyboard('{Control>}')
    await user.click(link)
    await user.keyboard('{/Control}')
    expect(router.state.location.pathname).toBe('/orders')
  })

  it('reports a revalidation while it runs', async () => {
    const user = userEvent.setup()
    const loads = { count: 0 }
    const router = memory(routes(loads), '/orders', undefined)
    render(<RouterProvider router={router} />)
    await user.click(await screen.findByRole('button', { name: 'reload idle' }))
    await waitFor(() => expect(loads.count).toBe(2))
    expect(await screen.findByRole('button', { name: 'reload idle' })).toBeInTheDocument()
  })

  it('redirects again when a navigation beside the redirect changed the address first', async () => {
    function Layout() {
      const [params, setParams] = useSearchParams()
      // Runs after the redirect's effect (a parent's effects run after its children's).
      useEffect(() => {
        if (!params.has('market')) setParams({ market: 'ID' }, { replace: true })
      }, [params, setParams])
      return <Outlet />
    }
    function Home() {
      const { search } = useLocation()
      return <Navigate to={`/ops/complaints${search}`} replace />
    }
    const lazyDesk = async () => ({ Component: () => <h1>desk</h1> })
    const router = memory(
      [{ path: '/ops', Component: Layout, children: [{ index: true, Component: Home }, { path: 'complaints', lazy: lazyDesk }] }],
      '/ops',
      undefined,
    )
    render(<RouterProvider router={router} />)
    expect(await screen.findByRole('heading', { name: 'desk' })).toBeInTheDocument()
    expect(router.state.location).toMatchObject({ pathname: '/ops/complaints', search: '?market=ID' })
  })
})

describe('navigation feedback, prefetch, blocker and scroll', () => {
  function deferred() {
    let resolve!: () => void
    const promise = new Promise<void>((r) => (resolve = r))
    return { promise, resolve }
  }

  it('reports a navigation loading, then idle once the screen shows', async () => {
    const gate = deferred()
    const seen: string[] = []
    function Shell() {
      const navigation = useNavigation()
      seen.push(navigation.state)
      return (
        <>
          <p data-testid="state">{navigation.state === 'loading' ? `loading ${navigation.location.pathname}` : 'idle'}</p>
          <Outlet />
        </>
      )
    }
    const routes: RouteDef[] = [{ id: 'root', Component: Shell, children: [{ id: 'a', path: '/a' }, { id: 'slow', path: '/slow', loader: () => gate.promise }] }]
    const router = memory(routes, '/a', undefined)
    render(<RouterProvider router={router} />)
    await screen.findByText('idle')
    let moved!: Promise<void>
    act(() => void (moved = router.navigate('/slow')))
    expect(await screen.findByText('loading /slow')).toBeInTheDocument()
    await act(async () => {
      gate.resolve()
      await moved
    })
    expect(screen.getByTestId('state')).toHaveTextContent('idle')
    expect(router.state.location.pathname).toBe('/slow')
  })

  it('prefetches a screen’s code and data once at a time, without going there, and not when saving data', async () => {
    const lazy = vi.fn(async () => ({ Component: () => <p>later</p> }))
    const loader = vi.fn(() => ({ ok: true }))
    const routes = (): RouteDef[] => [{ id: 'a', path: '/a' }, { id: 'b', path: '/b', lazy, loader }]
    const router = memory(routes(), '/a', undefined)
    await router.ready
    await Promise.all([router.prefetch('/b'), router.prefetch('/b')])
    expect(lazy).toHaveBeenCalledTimes(1)
    expect(loader).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/a')

    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true })
    try {
      const saving = memory(routes(), '/a', undefined)
      await saving.ready
      await saving.prefetch('/b?other=1')
      expect(loader).toHaveBeenCalledTimes(1)
    } finally {
      Reflect.deleteProperty(navigator, 'connection')
    }
  })

  it('prefetches a link when it is pressed', async () => {
    const loader = vi.fn(() => null)
    const routes: RouteDef[] = [
      { id: 'a', path: '/a', Component: () => <Link to="/b">to b</Link> },
      { id: 'b', path: '/b', loader, Component: () => <p>b</p> },
    ]
    const router = memory(routes, '/a', undefined)
    render(<RouterProvider router={router} />)
    const link = await screen.findByRole('link', { name: 'to b' })
    fireEvent.pointerDown(link)
    fireEvent.touchStart(link)
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1))
    expect(router.state.location.pathname).toBe('/a')
  })

  it('prefetches a primary action once on view, on a fast connection only', async () => {
    const observed: ((entries: { isIntersecting: boolean }[]) => void)[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observed.push(callback)
        }
        observe() {}
        disconnect() {}
      },
    )
    const show = () => act(() => observed.forEach((callback) => callback([{ isIntersecting: true }])))
    const loader = vi.fn(() => null)
    const routes = (): RouteDef[] => [
      { id: 'a', path: '/a', Component: () => <Link to="/b" prefetch="viewport">to b</Link> },
      { id: 'b', path: '/b', loader, Component: () => <p>b</p> },
    ]
    try {
      for (const connection of [{ effectiveType: '3g' }, { effectiveType: '4g', saveData: true }, undefined]) {
        Object.defineProperty(navigator, 'connection', { value: connection, configurable: true })
        const view = render(<RouterProvider router={memory(routes(), '/a', undefined)} />)
        await screen.findByRole('link', { name: 'to b' })
        await show()
        view.unmount()
      }
      expect(observed).toHaveLength(0)

      Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g' }, configurable: true })
      render(<RouterProvider router={memory(routes(), '/a', undefined)} />)
      await screen.findByRole('link', { name: 'to b' })
      expect(loader).not.toHaveBeenCalled()
      await show()
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(1))
    } finally {
      vi.unstubAllGlobals()
      Reflect.deleteProperty(navigator, 'connection')
    }
  })

  function Form() {
    const blocker = useBlocker(true)
    return blocker.state === 'blocked' ? (
      <>
        <button type="button" onClick={blocker.proceed}>
          leave
        </button>
        <button type="button" onClick={blocker.reset}>
          stay
        </button>
      </>
    ) : (
      <h1>form</h1>
    )
  }
  const blocked = (): RouteDef[] => [
    { id: 'a', path: '/a', Component: () => <h1>list</h1> },
    { id: 'form', path: '/form', Component: Form },
    { id: 'b', path: '/b', Component: () => <h1>elsewhere</h1> },
  ]

  it('holds a push while blocked, then stays or proceeds', async () => {
    const user = userEvent.setup()
    const router = memory(blocked(), '/form', undefined)
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'form' })
    await act(() => router.navigate('/b'))
    await user.click(await screen.findByRole('button', { name: 'stay' }))
    expect(router.state.location.pathname).toBe('/form')
    expect(await screen.findByRole('heading', { name: 'form' })).toBeInTheDocument()

    await act(() => router.navigate('/b', { replace: true }))
    await user.click(await screen.findByRole('button', { name: 'leave' }))
    expect(await screen.findByRole('heading', { name: 'elsewhere' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('undoes a back while blocked, and goes back when the borrower proceeds', async () => {
    const user = userEvent.setup()
    const router = memory(blocked(), '/a', undefined)
    render(<RouterProvider router={router} />)
    await act(() => router.navigate('/form'))
    await screen.findByRole('heading', { name: 'form' })
    const key = router.state.location.key

    await act(() => router.navigate(-1))
    await user.click(await screen.findByRole('button', { name: 'stay' }))
    expect(router.state.location).toMatchObject({ pathname: '/form', key })

    await act(() => router.navigate(-1))
    await user.click(await screen.findByRole('button', { name: 'leave' }))
    expect(await screen.findByRole('heading', { name: 'list' })).toBeInTheDocument()
    expect(router.state.historyAction).toBe('POP')
  })

  it('undoes a held forward, and a back of several steps, by as many', async () => {
    const user = userEvent.setup()
    const router = memory(blocked(), '/a', undefined)
    render(<RouterProvider router={router} />)
    await act(() => router.navigate('/b'))
    await act(() => router.navigate('/form'))
    await act(() => router.navigate('/b'))
    await user.click(await screen.findByRole('button', { name: 'leave' }))
    await screen.findByRole('heading', { name: 'elsewhere' })
    // back to the form, then forward while it holds
    await act(() => router.navigate(-1))
    await screen.findByRole('heading', { name: 'form' })
    const key = router.state.location.key
    await act(() => router.navigate(1))
    await user.click(await screen.findByRole('button', { name: 'stay' }))
    expect(router.state.location).toMatchObject({ pathname: '/form', key })

    // two steps back at once, held: still the form; proceeding lands two steps back
    await act(() => router.navigate(-2))
    await user.click(await screen.findByRole('button', { name: 'stay' }))
    expect(router.state.location).toMatchObject({ pathname: '/form', key })
    await act(() => router.navigate(-2))
    await user.click(await screen.findByRole('button', { name: 'leave' }))
    expect(await screen.findByRole('heading', { name: 'list' })).toBeInTheDocument()
    // and the history agrees: one forward is /b again
    await act(() => router.navigate(1))
    expect(await screen.findByRole('heading', { name: 'elsewhere' })).toBeInTheDocument()
  })

  it('clears a render error when the screen’s data is loaded again', async () => {
    allowConsoleError(/render broke|The above error occurred|%o/)
    let broken = true
    function Flaky() {
      if (broken) throw new Error('render broke')
      return <p>fine now</p>
    }
    function Failure() {
      const { revalidate } = useRevalidator()
      return (
        <button type="button" onClick={() => void revalidate()}>
          retry
        </button>
      )
    }
    const router = memory([{ id: 'root', Component: Outlet, ErrorBoundary: Failure, children: [{ id: 'flaky', path: '/flaky', Component: Flaky }] }], '/flaky', undefined)
    render(<RouterProvider router={router} />)
    const retry = await screen.findByRole('button', { name: 'retry' })
    broken = false
    await userEvent.setup().click(retry)
    expect(await screen.findByText('fine now')).toBeInTheDocument()
  })

  it('scrolls to the top on a new navigation and back to the saved position on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const where = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    try {
      function Shell() {
        return (
          <>
            <Outlet />
            <ScrollRestoration />
          </>
        )
      }
      const routes: RouteDef[] = [{ id: 'root', Component: Shell, children: [{ id: 'a', path: '/a', Component: () => <h1>a</h1> }, { id: 'b', path: '/b', Component: () => <h1>b</h1> }] }]
      const router = memory(routes, '/a', undefined)
      render(<RouterProvider router={router} />)
      await screen.findByRole('heading', { name: 'a' })
      expect(scrollTo).not.toHaveBeenCalled()

      where(640)
      await act(() => router.navigate('/b'))
      await screen.findByRole('heading', { name: 'b' })
      expect(scrollTo).toHaveBeenLastCalledWith(0, 0)
      expect(JSON.parse(sessionStorage.getItem('router-scroll') ?? '{}')).toMatchObject({ default: 640 })

      where(0)
      await act(() => router.navigate(-1))
      await screen.findByRole('heading', { name: 'a' })
      expect(scrollTo).toHaveBeenLastCalledWith(0, 640)

      // The screen changing its own query (a slider writing the amount) stays where it is.
      scrollTo.mockClear()
      await act(() => router.navigate('/a?amount=300', { replace: true }))
      await act(() => router.navigate('/a?amount=400'))
      expect(router.state.location.search).toBe('?amount=400')
      expect(scrollTo).not.toHaveBeenCalled()

      // A new navigation to an anchor goes to it, not to the top.
      const section = document.createElement('section')
      section.id = 'terms'
      section.scrollIntoView = vi.fn()
      document.body.append(section)
      scrollTo.mockClear()
      await act(() => router.navigate('/b#terms'))
      await screen.findByRole('heading', { name: 'b' })
      expect(section.scrollIntoView).toHaveBeenCalled()
      expect(scrollTo).not.toHaveBeenCalled()
      section.remove()
    } finally {
      scrollTo.mockRestore()
      Reflect.deleteProperty(window, 'scrollY')
      sessionStorage.clear()
    }
  })

  it('restores the position of the page on a reload, from the session', async () => {
    sessionStorage.setItem('router-scroll', JSON.stringify({ default: 300 }))
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const entries = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as unknown as PerformanceEntry])
    try {
      const routes: RouteDef[] = [{ id: 'a', path: '/a', Component: () => <ScrollRestoration /> }]
      render(<RouterProvider router={memory(routes, '/a', undefined)} />)
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 300))
    } finally {
      scrollTo.mockRestore()
      entries.mockRestore()
      sessionStorage.clear()
    }
  })
})
