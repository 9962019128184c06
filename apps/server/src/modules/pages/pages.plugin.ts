import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { ERRORS } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config.js'
import { isPagePath } from '../../http/paths.js'
import { contentSecurityPolicy } from '../../http/security-headers.js'
import { contentHash, entityTag, matchingNonce } from './public-cache.js'
import { publicPageRedirect } from './public-redirects.js'

/*
 * Serves the web app and renders its pages on the server (docs/product/platform.md#server-rendering).
 *
 * The renderer is the web app's own server entry (apps/web/src/entry-server.tsx), built by Vite to
 * `dist/server/entry-server.js` and loaded at start-up; in development from source through Vite.
 * The types below restate the part of its interface this plugin uses: the server's TypeScript
 * project does not compile the web app's JSX, so it cannot import them.
 */
interface TransportRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string | FormData
  signal?: AbortSignal
}
type Transport = (request: TransportRequest) => Promise<{ status: number; body: unknown }>

interface RenderInput {
  url: string
  nonce: string
  locale?: Locale
  market?: Market
  template: string
  manifest?: unknown
  transport: Transport
  signal?: AbortSignal
  onError?: (error: unknown) => void
}

interface RenderResult {
  status: number
  headers: Record<string, string>
  body: Readable | string
}

interface ServerEntry {
  render(input: RenderInput): Promise<RenderResult>
  /** The operations console's page: its own client-rendered HTML (docs/decisions/0015-ops-console.md). */
  renderOpsPage(input: { template: string; nonce: string }): RenderResult
}

export interface PagesOptions {
  config: Config
}

/** Files of the web app's `public/` folder served at the root, with how long browsers keep them. */
const ROOT_FILES: Record<string, { file: string; type: string; maxAge: number }> = {
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml', maxAge: 86_400 },
  // Browsers ask for it on their own; the SVG serves them all.
  '/favicon.ico': { file: 'favicon.svg', type: 'image/svg+xml', maxAge: 86_400 },
  '/robots.txt': { file: 'robots.txt', type: 'text/plain; charset=utf-8', maxAge: 3_600 },
}

/** Must match apps/web/vite.config.ts. */
const ONE_YEAR_SECONDS = 31_536_000

/**
 * Loaders reach the API through the server's own routes, in-process (one data path): the page's
 * query string is already in each call's URL (its shared parameters), the browser's cookie and
 * address come along, so the session and rate limits are the borrower's.
 */
function injectTransport(app: FastifyInstance, page: FastifyRequest): Transport {
  const passOn: Record<string, string> = {}
  for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
    const value = page.headers[name]
    if (typeof value === 'string') passOn[name] = value
  }
  return async ({ method, url, headers, body }) => {
    if (typeof body === 'object') throw new Error('uploads are not sent while rendering a page')
    const response = await app.inject({
      method,
      url,
      headers: { ...passOn, ...headers, 'x-requested-with': 'XMLHttpRequest' },
      remoteAddress: page.ip,
      ...(body === undefined ? {} : { payload: body }),
    })
    let parsed: unknown
    try {
      parsed = response.json()
    } catch {
      parsed = undefined
    }
    return { status: response.statusCode, body: parsed }
  }
}

/** The operations console's pages: /ops and below (not /ops-api, which is no page). */
function isOpsPath(url: string): boolean {
  return url === '/ops' || url.startsWith('/ops/') || url.startsWith('/ops?') || url.startsWith('/ops#')
}

/** When even rendering failed: a plain page in the borrower's language, no script, no detail. */
function failurePage(locale: Locale): string {
  const message = ERRORS.internal.messages[locale]
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kilat</title></head><body><p>${message}</p></body></html>`
}

/**
 * Development from source (`npm run dev`: tsx runs the TypeScript) renders through Vite with hot
 * reload, whatever is in dist; the bundled server always uses the build.
 */
function runningFromSource(): boolean {
  return import.meta.url.endsWith('.ts')
}

interface Renderer {
  load(url: string): Promise<{ entry: ServerEntry; template: string; opsTemplate?: string; manifest?: unknown }>
  fixStack?(error: unknown): void
}

async function productionRenderer(app: FastifyInstance, webDist: string): Promise<Renderer> {
  const clientDir = join(webDist, 'client')
  const opsPath = join(clientDir, 'ops.html')
  const [template, opsTemplate, manifestText, entry] = await Promise.all([
    readFile(join(clientDir, 'index.html'), 'utf8'),
    existsSync(opsPath) ? readFile(opsPath, 'utf8') : undefined,
    readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(join(webDist, 'server', 'entry-server.js')).href) as Promise<ServerEntry>,
  ])
  const manifest: unknown = JSON.parse(manifestText)

  // Content-hashed names: a file never changes, so browsers and proxies keep it for a year.
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => {
      reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
    },
  })

  const rootFiles = new Map<string, { body: Buffer; type: string; maxAge: number }>()
  for (const [path, { file, type, maxAge }] of Object.entries(ROOT_FILES)) {
    const location = join(clientDir, file)
    if (existsSync(location)) rootFiles.set(path, { body: await readFile(location), type, maxAge })
  }
  for (const [path, file] of rootFiles) {
    app.get(path, async (_request, reply) =>
      reply.type(file.type).header('cache-control', `public, max-age=${file.maxAge}`).send(file.body),
    )
  }

  return { load: async () => ({ entry, template, opsTemplate, manifest }) }
}

async function developmentRenderer(app: FastifyInstance, webRoot: string): Promise<Renderer> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')])
  const vite = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: app.server } },
  })
  await app.register(middie)
  // Vite answers its own paths (modules, /@vite/client, public files) and passes the rest on.
  app.use(vite.middlewares)
  app.addHook('onClose', async () => vite.close())
  const templatePath = join(webRoot, 'index.html')
  const opsTemplatePath = join(webRoot, 'ops.html')
  return {
    load: async (url) => {
      const ops = isOpsPath(url)
      return {
        entry: (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry,
        template: ops ? '' : await vite.transformIndexHtml(url, await readFile(templatePath, 'utf8')),
        opsTemplate: ops ? await vite.transformIndexHtml(url, await readFile(opsTemplatePath, 'utf8')) : undefined,
      }
    },
    fixStack: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error)
    },
  }
}

const pagesPlugin: FastifyPluginAsync<PagesOptions> = async (app, { config }) => {
  const webDist = config.WEB_DIST
  const built = existsSync(join(webDist, 'client', 'index.html')) && existsSync(join(webDist, 'server', 'entry-server.js'))
  const useVite = config.NODE_ENV === 'development' && (!built || runningFromSource())

  if (!built && !useVite) {
    app.log.warn({ webDist }, 'the web app is not built: run `npm run build -w apps/web`; pages answer 503')
  }
  const renderer = useVite
    ? await developmentRenderer(app, dirname(webDist))
    : built
      ? await productionRenderer(app, webDist)
      : null

  app.get('/*', async (request, reply) => {
    if (!isPagePath(request.url)) return reply.callNotFound()
    const redirect = await publicPageRedirect(app.db, request.url, request.market)
    if (redirect) return reply.status(302).header('cache-control', 'no-store').header('location', redirect).send()
    if (!renderer) {
      return reply.status(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(failurePage(request.locale))
    }

    // A borrower who leaves stops the render; nothing waits for a closed connection.
    const abort = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) abort.abort()
    })
    try {
      const { entry, template, opsTemplate, manifest } = await renderer.load(request.url)
      if (isOpsPath(request.url)) {
        if (!opsTemplate) return reply.callNotFound()
        const page = entry.renderOpsPage({ template: opsTemplate, nonce: request.cspNonce })
        return reply.status(page.status).headers(page.headers).send(page.body)
      }
      const result = await entry.render({
        url: request.url,
        nonce: request.cspNonce,
        locale: request.locale,
        market: request.market,
        template,
        manifest,
        transport: injectTransport(app, request),
        signal: abort.signal,
        onError: (error) => {
          renderer.fixStack?.(error)
          request.log.error({ err: error }, 'page render error')
        },
      })
      if (typeof result.body === 'string' && result.status === 200 && result.headers['cache-control']?.startsWith('public')) {
        // A cacheable public page: validated by its content (public-cache.ts).
        const hash = contentHash(result.body, request.cspNonce)
        const stored = matchingNonce(request.headers['if-none-match'], hash)
        if (stored) {
          return reply
            .status(304)
            .header('cache-control', result.headers['cache-control'])
            .header('etag', entityTag(hash, stored))
            .header('content-security-policy', contentSecurityPolicy(stored))
            .send()
        }
        reply.header('etag', entityTag(hash, request.cspNonce))
      }
      return reply.status(result.status).headers(result.headers).send(result.body)
    } catch (error) {
      renderer.fixStack?.(error)
      request.log.error({ err: error }, 'page render failed')
      return reply.status(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(failurePage(request.locale))
    }
  })
}

export default pagesPlugin
