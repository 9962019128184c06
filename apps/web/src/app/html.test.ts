import { describe, expect, it } from 'vitest'
import { screenAssets, startAfterPaint, type ViteManifest } from './html'

const TEMPLATE = '<head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><!--app-html--></body>'

interface Added {
  tag: string
  rel?: string
  href?: string
  src?: string
  nonce?: string
  fetchPriority?: string
  onload?: () => void
  onerror?: () => void
}

/** Runs the starter against a page that is already parsed and hidden (so it starts at once), and returns what it added to the head. */
function runStarter(html: string): Added[] {
  const code = /<script nonce="NONCE">(.*?)<\/script>/.exec(html)?.[1]
  if (!code) throw new Error('no starter in the page')
  const added: Added[] = []
  const document = {
    currentScript: { nonce: 'abc' },
    readyState: 'complete',
    visibilityState: 'hidden',
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Added) => added.push(element) },
  }
  const later: (() => void)[] = []
  new Function('document', 'setTimeout', code)(document, (run: () => void) => later.push(run))
  for (const run of later) run()
  return added
}

describe('starting the app after the first paint', () => {
  it('lists the entry’s own chunks in the manifest’s order, scripts only', () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_runtime-1.js', '_react-1.js', '_style-1.css'] },
      '_runtime-1.js': { file: 'assets/runtime-1.js' },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_style-1.css': { file: 'assets/style-1.css' },
    }
    expect(screenAssets(manifest, []).entryChunks).toEqual(['/assets/runtime-1.js', '/assets/react-1.js'])
    expect(screenAssets({}, []).entryChunks).toEqual([])
  })

  it('requests every file at once, then runs the entry’s chunks one after another, each when the one before has loaded, and the entry last', () => {
    const added = runStarter(startAfterPaint(TEMPLATE, ['/assets/screen-1.js'], 'NONCE', ['/assets/runtime-1.js', '/assets/react-1.js']))
    const preloads = added.filter((e) => e.rel === 'modulepreload').map((e) => e.href)
    // the entry's files first, the screen's a task later
    expect(preloads).toEqual(['/assets/runtime-1.js', '/assets/react-1.js', '/assets/index-1.js', '/assets/screen-1.js'])
    for (const element of added) expect(element).toMatchObject({ nonce: 'abc', fetchPriority: 'low' })

    const scripts = () => added.filter((e) => e.tag === 'script').map((e) => e.src)
    const lastScript = () => added.filter((e) => e.tag === 'script').at(-1)
    expect(scripts()).toEqual(['/assets/runtime-1.js'])
    lastScript()?.onload?.()
    expect(scripts()).toEqual(['/assets/runtime-1.js', '/assets/react-1.js'])
    // a chunk that fails still hands over: the entry then reports the failure as it always did
    lastScript()?.onerror?.()
    expect(scripts()).toEqual(['/assets/runtime-1.js', '/assets/react-1.js', '/assets/index-1.js'])
    lastScript()?.onload?.()
    expect(scripts()).toHaveLength(3)
  })

  it('runs the entry alone when it has no chunks of its own', () => {
    const added = runStarter(startAfterPaint(TEMPLATE, [], 'NONCE'))
    expect(added.map((e) => e.src ?? e.href)).toEqual(['/assets/index-1.js', '/assets/index-1.js'])
    expect(added.map((e) => e.tag)).toEqual(['link', 'script'])
  })

  it('keeps a file name that could close the script element out of the page', () => {
    const html = startAfterPaint(TEMPLATE, ['/assets/a</script><b>.js'], 'NONCE', ['/assets/</script>.js'])
    expect(html.match(/<\/script>/g)).toHaveLength(1)
  })
})
