import { act, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { EARLY_TAP_SCRIPT, earlyTapScript, replayEarlyInput, syncTypedValues, type EarlyTap } from './early-input'

/**
 * The inline script runs in a document of its own per test (its listener cannot be removed, and a
 * page runs it once), with a window that holds only what the script and the replay use.
 */
function page(body: string) {
  const doc = document.implementation.createHTMLDocument('page')
  doc.body.innerHTML = `<div id="root">${body}</div><button id="outside">outside</button>`
  const win = { document: doc, setTimeout: window.setTimeout.bind(window) } as unknown as Window
  new Function('window', 'document', EARLY_TAP_SCRIPT)(win, doc)
  const root = doc.getElementById('root')!
  // React's listeners sit on #root: what reaches them, and whether its default was still allowed.
  const reached: Array<{ type: string; target: Element; prevented: boolean }> = []
  for (const type of ['click', 'submit']) {
    root.addEventListener(type, (event) => {
      reached.push({ type, target: event.target as Element, prevented: event.defaultPrevented })
      // No navigation or native submit in the test document.
      event.preventDefault()
    })
  }
  const tap = (selector: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    doc.querySelector(selector)!.dispatchEvent(event)
    return event
  }
  const submit = (selector: string) => {
    const event = new Event('submit', { bubbles: true, cancelable: true })
    doc.querySelector(selector)!.dispatchEvent(event)
    return event
  }
  const hydrate = () => doc.documentElement.setAttribute('data-hydrated', '')
  const held = () => (win.__kilatTaps ?? []).map((t: EarlyTap) => `${t.type} ${t.target.id || t.target.tagName.toLowerCase()}`)
  return { doc, win, root, reached, tap, submit, hydrate, held }
}

const CHAT = `
  <form id="composer"><input id="question" value=""><button id="send" type="submit"><span id="label">Send</span></button></form>
  <button id="category" type="button">Payments</button>
  <div id="chip" role="button" tabindex="0">Extension</div>
  <a id="link" href="/complaint">Complaint</a>
  <a id="link-button" role="button" href="/complaintList">My complaints</a>
  <p id="text">Hello</p>`

describe('the inline script before hydration', () => {
  it('holds a tap on a button (or inside one) in #root: default prevented, React never sees it', () => {
    const p = page(CHAT)
    const event = p.tap('#label')
    expect(event.defaultPrevented).toBe(true)
    expect(p.reached).toEqual([])
    expect(p.held()).toEqual(['click send'])
  })

  it('holds a form’s submit (Enter in a field) and the button it came from', () => {
    const p = page(CHAT)
    const event = p.submit('#composer')
    expect(event.defaultPrevented).toBe(true)
    expect(p.reached).toEqual([])
    expect(p.held()).toEqual(['submit composer'])
  })

  it('holds taps on elements with role=button, in the order they came', () => {
    const p = page(CHAT)
    p.tap('#category')
    p.tap('#chip')
    p.submit('#composer')
    p.tap('#send')
    expect(p.held()).toEqual(['click category', 'click chip', 'submit composer', 'click send'])
  })

  it('leaves links alone, even one styled as a button, and what is not a control or not in #root', () => {
    const p = page(CHAT)
    for (const selector of ['#link', '#link-button', '#text']) p.tap(selector)
    expect(p.tap('#outside').defaultPrevented).toBe(false)
    expect(p.held()).toEqual([])
    expect(p.reached.map((r) => [r.target.id, r.prevented])).toEqual([
      ['link', false],
      ['link-button', false],
      ['text', false],
    ])
  })

  it('holds nothing once the page has hydrated', () => {
    const p = page(CHAT)
    p.hydrate()
    p.tap('#send')
    p.submit('#composer')
    expect(p.held()).toEqual([])
    expect(p.reached.map((r) => `${r.type} ${r.target.id} ${r.prevented}`)).toEqual(['click send false', 'submit composer false'])
  })

  it('is a few hundred bytes and carries the request’s nonce', () => {
    expect(EARLY_TAP_SCRIPT.length).toBeLessThan(600)
    expect(earlyTapScript('abc')).toBe(`<script nonce="abc">${EARLY_TAP_SCRIPT}</script>`)
  })
})

describe('the replay after hydration', () => {
  it('replays the held taps and submits in their order, one task each, to the same elements', async () => {
    const p = page(CHAT)
    p.tap('#category')
    p.submit('#composer')
    p.tap('#chip')
    p.hydrate()
    replayEarlyInput(p.win)
    // Nothing in the hydrating task itself: React renders the typed text first.
    expect(p.reached).toEqual([])
    await waitFor(() => expect(p.reached.map((r) => `${r.type} ${r.target.id}`)).toEqual(['click category', 'submit composer', 'click chip']))
    expect(p.win.__kilatTaps).toBeUndefined()
  })

  it('replays once, and skips a target hydration replaced', async () => {
    const p = page(CHAT)
    p.tap('#category')
    p.tap('#chip')
    p.hydrate()
    p.doc.getElementById('category')!.remove()
    replayEarlyInput(p.win)
    replayEarlyInput(p.win)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(p.reached.map((r) => `${r.type} ${r.target.id}`)).toEqual(['click chip'])
  })

  it('does nothing on a page without the inline script', () => {
    const win = { document, setTimeout: () => expect.fail('nothing to replay') } as unknown as Window
    expect(() => replayEarlyInput(win)).not.toThrow()
  })
})

describe('text typed before hydration', () => {
  let root: Root | undefined
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
    document.documentElement.removeAttribute('data-hydrated')
  })

  function Composer({ sent }: { sent: string[] }) {
    const [text, setText] = useState('')
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault()
          sent.push(text)
          setText('')
        }}
      >
        <input aria-label="Question" value={text} onChange={(event) => setText(event.target.value)} />
        <textarea aria-label="Details" value={text} onChange={(event) => setText(event.target.value)} />
        <input aria-label="Photo" type="file" />
        <button type="submit">Send</button>
      </form>
    )
  }

  /** The server's HTML, text typed into it, then hydration. */
  async function typedThenHydrated(sent: string[]) {
    document.body.innerHTML = `<div id="root">${renderToString(<Composer sent={sent} />)}</div>`
    const container = document.getElementById('root')!
    const input = container.querySelector('input')!
    input.value = 'how do I extend my loan'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await act(async () => {
      root = hydrateRoot(container, <Composer sent={sent} />)
    })
    return { container, input }
  }

  it('does not reach React’s state by hydration alone (React 19 keeps the field’s text, not its change)', async () => {
    const sent: string[] = []
    const { container, input } = await typedThenHydrated(sent)
    expect(input.value).toBe('how do I extend my loan')
    await act(async () => container.querySelector('button')!.click())
    expect(sent).toEqual([''])
  })

  it('reaches React’s state through an input event after hydration; a file field is left alone', async () => {
    const sent: string[] = []
    const { container } = await typedThenHydrated(sent)
    await act(async () => syncTypedValues(container))
    expect(container.querySelector('textarea')!.value).toBe('how do I extend my loan')
    await act(async () => container.querySelector('button')!.click())
    expect(sent).toEqual(['how do I extend my loan'])
  })

  it('nothing to do when nothing was typed', async () => {
    document.body.innerHTML = `<div id="root"><input value="same"><textarea>same</textarea></div>`
    let events = 0
    document.body.addEventListener('input', () => events++)
    syncTypedValues(document.body)
    expect(events).toBe(0)
  })

  // Last in this file: the inline script's listener stays on this document.
  it('the whole way: typed, Send tapped before hydration, answered after it', async () => {
    const sent: string[] = []
    new Function(EARLY_TAP_SCRIPT)()
    document.body.innerHTML = `<div id="root">${renderToString(<Composer sent={sent} />)}</div>`
    const container = document.getElementById('root')!
    container.querySelector('input')!.value = 'how do I extend my loan'
    container.querySelector('button')!.click()
    await act(async () => {
      root = hydrateRoot(container, <Composer sent={sent} />)
    })
    expect(sent).toEqual([])
    document.documentElement.setAttribute('data-hydrated', '')
    await act(async () => replayEarlyInput())
    await waitFor(() => expect(sent).toEqual(['how do I extend my loan']))
    expect(container.querySelector('input')!.value).toBe('')
  })
})
