import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'
import { createRoot, type Root } from 'react-dom/client'

/**
 * antd-mobile 5 renders Toast and Dialog with React 18's legacy `render`, which React 19 removed:
 * without this they render nothing (docs/product/platform.md#versions). Imported by the modules that
 * show them (toast.ts, bridge-notice.tsx), which load on first use, so it stays out of the first load.
 */
type Container = (Element | DocumentFragment) & { __kilatRoot?: Root }

unstableSetRender((node, container: Container) => {
  container.__kilatRoot ??= createRoot(container)
  const root = container.__kilatRoot
  root.render(node)
  return async () => {
    // antd-mobile unmounts from inside its own effects; React forbids a synchronous unmount there.
    await new Promise((resolve) => setTimeout(resolve, 0))
    root.unmount()
    delete container.__kilatRoot
  }
})
