import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply } from 'fastify'

/**
 * Sends CSV lines as a download, one chunk waiting at most while the client reads the one before
 * (the server holds two chunks, not a whole file). Once the header is sent an error can only cut
 * the file: the client sees it cut and the log says why.
 */
export async function sendCsvDownload(reply: FastifyReply, filename: string, lines: AsyncIterable<string>, what: Record<string, unknown>): Promise<void> {
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  try {
    await pipeline(Readable.from(lines, { highWaterMark: 1 }), reply.raw)
  } catch (error) {
    reply.log.error({ err: error, ...what }, 'export cut short')
    reply.raw.destroy()
  }
}
