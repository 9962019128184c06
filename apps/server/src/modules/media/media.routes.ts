import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/errors.js'
import { productNameByCode } from '../products/products.service.js'
import { logoSvg } from './logo.js'

// Serves the addresses db/logo-url.ts gives the products.

/** Public images: product logos, cached long (a logo changes only with the product's code). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { code: string } }>('/media/logos/:code.svg', async (req, reply) => {
    const code = req.params.code
    if (!/^[a-z0-9-]{1,64}$/.test(code)) throw new AppError('notFound')
    const name = await productNameByCode(app.db, code)
    if (name === undefined) throw new AppError('notFound')
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=2592000')
      .send(logoSvg(code, name))
  })
}
