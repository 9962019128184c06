import { z } from 'zod'
import type { Family } from './call.js'

export const SUCCESS_CODE = { code0: 0, code00: '00' } as const

export interface CodeEnvelope<D> {
  code: number | string
  data: D
  message: string
}

export interface SuccessEnvelope<D> {
  success: boolean
  data: D
  /** Present on errors, so that the borrower still reads why. */
  code?: number
  message?: string
}

export type Envelope<D> = CodeEnvelope<D> | SuccessEnvelope<D>

export function envelopeSchema<D extends z.ZodType>(family: Family, data: D) {
  if (family === 'success') {
    return z.object({ success: z.boolean(), data, code: z.number().optional(), message: z.string().optional() })
  }
  return z.object({ code: z.union([z.number(), z.string()]), data, message: z.string() })
}

/** True when an answer of any family reports success. */
export function isSuccess(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const b = body as Record<string, unknown>
  if ('success' in b) return b.success === true
  return b.code === 0 || b.code === '00'
}

/** The answer's message, whatever its family. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const message = (body as Record<string, unknown>).message
  return typeof message === 'string' && message.length > 0 ? message : undefined
}
