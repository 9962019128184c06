import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { staffEnrolmentFinish, staffSignIn, staffSignInCode, type StaffRole } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { totpCodeAt, totpStepAt } from './staff.credentials.js'
import { staff } from './staff.schema.js'
import { openTotpSecret } from './staff.secrets.js'
import { SYSTEM_ACTOR, createStaff } from './staff.service.js'
import { STAFF_COOKIE } from './staff.sessions.js'

/** A clock tests move by hand: staff sign-in reads time only from it. */
export function testClock(start = '2026-03-02T08:00:00.000Z') {
  let t = new Date(start).getTime()
  return {
    now: () => new Date(t),
    tick(ms: number) {
      t += ms
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

export const MINUTE = 60_000
export const STEP = 30_000

/**
 * Staff rows of earlier files and runs, on a shared PostgreSQL. New ids start past every id the
 * audit trail names: it cannot be emptied, by design, and a search by staff member must not find
 * an earlier run's rows.
 */
export async function emptyStaff(database: Database): Promise<void> {
  await database.db.execute(sql`truncate staff_sessions, staff_enrolments, staff cascade`)
  await database.db.execute(sql`select setval(pg_get_serial_sequence('staff', 'id'), (select coalesce(max(staff_id), 0) + 1 from audit_log), false)`)
}

let addressCount = 0
/** Each test signs in from its own address: the per-address throttle counts across tests otherwise. */
export const freshAddress = () => `10.${Math.floor(addressCount / 250) % 250}.${(addressCount++ % 250) + 1}.7`

export interface OpsOptions {
  cookie?: string | undefined
  ip?: string
  query?: Record<string, string>
  headers?: Record<string, string>
}

export function opsCall(app: FastifyInstance, method: 'GET' | 'POST', path: string, payload?: unknown, options: OpsOptions = {}) {
  const qs = new URLSearchParams(options.query ?? {}).toString()
  return app.inject({
    method,
    url: qs ? `${path}?${qs}` : path,
    remoteAddress: options.ip ?? '10.255.255.1',
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' } : {}),
      ...(options.cookie ? { cookie: `${STAFF_COOKIE}=${options.cookie}` } : {}),
      ...options.headers,
    },
    ...(method === 'POST' ? { payload: JSON.stringify(payload ?? {}) } : {}),
  })
}

/** A multipart POST as the console sends an upload: text fields, then at most one file. */
export function opsMultipart(
  app: FastifyInstance,
  path: string,
  parts: { fields?: Record<string, string>; file?: { field: string; data: Buffer; filename: string; contentType: string } },
  options: OpsOptions = {},
) {
  const boundary = '----kilat-ops-boundary'
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  if (parts.file) {
    const f = parts.file
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`))
    chunks.push(f.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  const qs = new URLSearchParams(options.query ?? {}).toString()
  return app.inject({
    method: 'POST',
    url: qs ? `${path}?${qs}` : path,
    remoteAddress: options.ip ?? '10.255.255.1',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-requested-with': 'XMLHttpRequest',
      ...(options.cookie ? { cookie: `${STAFF_COOKIE}=${options.cookie}` } : {}),
      ...options.headers,
    },
    payload: Buffer.concat(chunks),
  })
}

export const opsPost = (app: FastifyInstance, path: string, payload: unknown, options?: OpsOptions) => opsCall(app, 'POST', path, payload, options)
export const opsGet = (app: FastifyInstance, path: string, options?: OpsOptions) => opsCall(app, 'GET', path, undefined, options)

/** The staff cookie a response sets ('' when it clears it), or undefined when it sets none. */
export function staffCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === STAFF_COOKIE)?.value
}

export interface TestStaff {
  id: number
  email: string
  password: string
  secret: string
  role: StaffRole
  markets: Market[]
  ip: string
  /** The code of the clock's current step, shifted by `steps`. */
  code(steps?: number): string
}

let staffCount = 0

/** An account created as `npm run staff:create` does, then enrolled through its link (which signs it in). */
export async function enrolledStaff(
  app: FastifyInstance,
  database: Database,
  clock: TestClock,
  role: StaffRole,
  markets: Market[] = ['ID'],
): Promise<TestStaff & { cookie: string }> {
  const email = `${role}.${++staffCount}.${Date.now()}@staff.test`
  const created = await createStaff({ db: database.db, now: clock.now, secrets: app.secrets }, { email, role, markets, language: 'en' }, SYSTEM_ACTOR)
  const [row] = await database.db.select().from(staff).where(sql`${staff.id} = ${created.account.id}`)
  const secret = openTotpSecret(row!, app.secrets)
  const ip = freshAddress()
  const code = (steps = 0) => totpCodeAt(secret, totpStepAt(clock.now()) + steps)
  const password = `correct horse ${role} battery`
  const res = await opsPost(app, staffEnrolmentFinish.path, { token: created.enrolmentToken, password, code: code() }, { ip })
  expect(res.statusCode, res.body).toBe(200)
  // the enrolment used this step's code: a sign-in needs a later one
  clock.tick(STEP)
  return { id: created.account.id, email, password, secret, role, markets, ip, code, cookie: staffCookieOf(res)! }
}

/** Password, then code: the active session's cookie. */
export async function signIn(app: FastifyInstance, who: TestStaff, clock: TestClock): Promise<string> {
  const first = await opsPost(app, staffSignIn.path, { email: who.email, password: who.password }, { ip: who.ip })
  expect(first.statusCode, first.body).toBe(200)
  const res = await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: staffCookieOf(first) })
  expect(res.statusCode, res.body).toBe(200)
  clock.tick(STEP)
  return staffCookieOf(res)!
}
