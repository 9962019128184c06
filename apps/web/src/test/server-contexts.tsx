import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'

/**
 * The server renderer leaves its last context values set when it stops (it expects to need them
 * again), here those inside a deferred part's boundary. A browser never shares them with
 * the server; a test in one process does, so an empty render of the same renderer resets them.
 */
export function resetServerContexts(): Promise<void> {
  return new Promise((resolve) => {
    const stream = renderToPipeableStream(<></>, {
      onAllReady() {
        stream.pipe(new Writable({ write: (_chunk, _encoding, done) => done() }))
        resolve()
      },
    })
  })
}

/**
 * Runs the page's inline scripts, as a browser does while it parses: React's streamed Suspense
 * boundaries (a large page's deferred parts arrive after its shell) are put in place by them.
 * `innerHTML` alone runs none.
 */
export function runInlineScripts(): void {
  for (const script of document.body.querySelectorAll('script:not([type]):not([src])')) {
     
    new Function(script.textContent ?? '')()
  }
}
