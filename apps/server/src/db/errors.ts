/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error.
 * Drizzle wraps the driver's error in `cause`; node-postgres and PGlite both name the constraint.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown }
    if (code !== '23505') continue
    if (typeof constraint === 'string' && constraint) return constraint
    const named = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message)?.[1] : undefined
    return named ?? ''
  }
  return undefined
}
