import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply } from 'fastify'

/**
 * Sends lines as they are made, one chunk waiting at most while the client reads the one before
 * (the server holds two chunks, not a whole answer). Once the header is sent an error can only cut
 * the answer: the client sees it cut and the log says why.
 */
async function sendLines(reply: FastifyReply, headers: Record<string, string>, lines: AsyncIterable<string>, what: Record<string, unknown>): Promise<void> {
  reply.hijack()
  reply.raw.writeHead(200, { ...headers, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  try {
    await pipeline(Readable.from(lines, { highWaterMark: 1 }), reply.raw)
  } catch (error) {
    reply.log.error({ err: error, ...what }, 'stream cut short')
    reply.raw.destroy()
  }
}

/** CSV lines as a download. */
export function sendCsvDownload(reply: FastifyReply, filename: string, lines: AsyncIterable<string>, what: Record<string, unknown>): Promise<void> {
  return sendLines(reply, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` }, lines, what)
}

/** Objects as lines of JSON (`application/x-ndjson`), for an answer the console reads as it comes (a replay's progress). */
export function sendJsonLines(reply: FastifyReply, objects: AsyncIterable<unknown>, what: Record<string, unknown>): Promise<void> {
  async function* lines() {
    for await (const object of objects) yield `${JSON.stringify(object)}\n`
  }
  return sendLines(reply, { 'content-type': 'application/x-ndjson; charset=utf-8' }, lines(), what)
}

/** A text file in a bureau's layout as a download (its lines already end as the layout says). */
export function sendTextDownload(reply: FastifyReply, filename: string, lines: AsyncIterable<string>, what: Record<string, unknown>): Promise<void> {
  return sendLines(reply, { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` }, lines, what)
}
