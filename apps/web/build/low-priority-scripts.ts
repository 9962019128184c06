import type { Plugin } from 'vite'

/**
 * Marks the entry script and its module preloads `fetchpriority="low"`: the server-rendered HTML
 * already shows the screen, so stylesheets and images should win the first bytes of a slow link
 * (docs/product/platform.md#server-rendering). Vite rewrites the entry tag and drops the attribute, so it is added after.
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'kilat:low-priority-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  }
}
