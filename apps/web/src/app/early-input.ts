/**
 * Taps and form submits made before hydration (docs/product/platform.md#taps-before-hydration).
 *
 * The server's HTML is on screen seconds before the app has hydrated on a cheap phone (its scripts
 * start after the first paint), and until then a tap on a button does nothing and a form submits
 * natively. So a small inline script, first in the page's head, holds such input until the page is
 * hydrated, and the app replays it once it is: the borrower's Send is answered, later, not lost.
 * The two halves agree on `window.__kilatTaps`.
 */

/** One held tap or submit: its target is the server's own node, which hydration keeps. */
export interface EarlyTap {
  type: 'click' | 'submit'
  target: Element
  /** The button a form was submitted with (Enter in a field of a form without one: none). */
  submitter?: HTMLElement | null
}

declare global {
  interface Window {
    __kilatTaps?: EarlyTap[]
  }
}

/**
 * The inline script (the server puts it in the head with the request's nonce). Until `<html>` has
 * `data-hydrated`, in the capture phase on the document, so before React's own listeners on #root:
 * a click on a button (or an element with role=button) inside #root, and a form's submit, are
 * stopped, their default prevented (no native submit that would reload the page), and queued. A
 * plain link is left alone: it works without JavaScript. Typing is not held (see syncTypedValues).
 */
export const EARLY_TAP_SCRIPT =
  `(function(){var d=document,q=window.__kilatTaps=[];` +
  `function on(type,find){d.addEventListener(type,function(e){` +
  `var r=d.getElementById('root'),t=d.documentElement.hasAttribute('data-hydrated')?null:find(e.target);` +
  `if(t&&r&&r.contains(t)){e.preventDefault();e.stopImmediatePropagation();q.push({type:type,target:t,submitter:e.submitter})}},true)}` +
  `on('click',function(t){t=t&&t.closest&&t.closest('a[href],button,[role=button]');return t&&t.tagName!='A'?t:null});` +
  `on('submit',function(t){return t})})()`

/** The inline script's element, with this request's nonce (the page's CSP allows nothing else). */
export function earlyTapScript(nonce: string): string {
  return `<script nonce="${nonce}">${EARLY_TAP_SCRIPT}</script>`
}

/**
 * Called once the page has hydrated (right after `data-hydrated` is set, so nothing more is
 * queued): first hands React what was typed meanwhile, then replays the held taps in their order,
 * each in its own task, so the one before has rendered (a Send sees the typed text in state; a
 * second tap finds what the first opened). A target hydration did not keep (a mismatch rendered
 * anew) is skipped: a tap is never moved to another element. Without the inline script (a page
 * rendered in the browser) it does nothing.
 */
export function replayEarlyInput(win: Window = window): void {
  const taps = win.__kilatTaps
  if (!taps) return
  // Once: React's development StrictMode runs the effect that calls this twice.
  delete win.__kilatTaps
  const root = win.document.getElementById('root')
  if (root) syncTypedValues(root)
  const next = () => {
    const tap = taps.shift()
    if (!tap) return
    if (tap.target.isConnected) {
      if (tap.type === 'submit') {
        const submitter = tap.submitter?.isConnected ? tap.submitter : null
        ;(tap.target as HTMLFormElement).requestSubmit(submitter)
      } else (tap.target as HTMLElement).click()
    }
    win.setTimeout(next, 0)
  }
  win.setTimeout(next, 0)
}

/** Fields whose value is their own, not text: a file's value cannot be set back, a box is checked. */
const NOT_TEXT = new Set(['file', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'hidden'])

/**
 * Text typed before hydration is in the field but not in React's state: hydration keeps the DOM's
 * value, sets the field's `defaultValue` to the value React rendered, and starts its value tracker
 * from the DOM's value, so no onChange ever comes (React 19.3, checked in the early-tap journey).
 * A field whose value differs from its `defaultValue` after hydration was therefore changed on the
 * page: an input event makes React see it, with its tracker first set to the rendered value
 * (through the element's own `value` setter, which React's tracker wraps) and the typed text put
 * back through the prototype's setter (which it does not see), so React finds a change.
 */
export function syncTypedValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (NOT_TEXT.has(field.type) || field.value === field.defaultValue) continue
    const typed = field.value
    field.value = field.defaultValue
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, typed)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}
