import { createElement, Suspense, use, type ComponentType } from 'react'

type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T }

const Nothing = () => null

const preloads = new Set<() => Promise<unknown>>()

/** Loads every part defined so far (by the screens' modules loaded so far); at once when they are. */
export async function loadDeferredParts(): Promise<void> {
  await Promise.all([...preloads].map((preload) => preload()))
}

/**
 * A part of a screen kept out of the screen's first-load code (docs/product/platform.md#rendering-and-speed): a
 * popup that opens for some orders only, a list below the fold. Its code loads when the part first
 * renders; the server's HTML of it stays on screen until then, and it hydrates on its own. Once
 * loaded, it renders at once: `use` reads a settled promise without suspending. A part whose code
 * cannot be downloaded (a flaky connection) shows nothing and is tried again on its next render,
 * rather than taking the screen down. The server waits for every part before it renders
 * (`loadDeferredParts`), so its first HTML has them whole.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Tracked<ComponentType<P>> | undefined
  const preload = (): Tracked<ComponentType<P>> => {
    if (!loading) {
      const tracked: Tracked<ComponentType<P>> = load().catch((): ComponentType<P> => {
        loading = undefined
        return Nothing
      })
      tracked.status = 'pending'
      void tracked.then((value) => Object.assign(tracked, { status: 'fulfilled', value }))
      loading = tracked
    }
    return loading
  }
  preloads.add(preload)

  function Loaded(props: P) {
    // React reads a settled promise's `status` and `value` without suspending. The component is
    // the loaded module's own, the same on every render (so no state is lost).
    return createElement(use(preload() as Promise<ComponentType<P>>), props)
  }
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  return { Part, preload }
}
