import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as contract from '@kilat/contract'
import { ERRORS, type CallDef, type ErrorKey } from '@kilat/contract'
import type { Database } from './db/client.js'
import { CALL_ERRORS } from './http/openapi/call-errors.js'
import { OPENAPI_PATH, REFERENCE_PATH } from './http/openapi/openapi.js'
import { emptyStaff, enrolledStaff, opsGet, testClock } from './modules/staff/test-helpers.js'
import { generateOpenApi, OPENAPI_FILE } from './openapi-document.js'
import { buildTestApp, openTestDatabase } from './test/setup-db.js'

type Operation = {
  operationId: string
  tags: string[]
  parameters: Array<{ $ref?: string; name?: string; in?: string }>
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>
  'x-kilat-family': string
  'x-kilat-auth': string
  'x-kilat-errors': ErrorKey[]
}
type Document = {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components: { parameters: Record<string, unknown>; schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

/** Every call the contract exports, alone or in its area's list. */
function contractCalls(): CallDef[] {
  const isCall = (value: unknown): value is CallDef =>
    typeof value === 'object' && value !== null && typeof (value as CallDef).path === 'string' && typeof (value as CallDef).family === 'string'
  const found = new Map<string, CallDef>()
  for (const value of Object.values(contract)) {
    const candidates = Array.isArray(value) ? value : typeof value === 'object' && value !== null && !isCall(value) ? Object.values(value) : [value]
    for (const call of candidates) if (isCall(call)) found.set(`${call.method} ${call.path}`, call)
  }
  return [...found.values()]
}

const methodsOf = (call: CallDef) => (call.method === 'GET_POST' ? ['get', 'post'] : [call.method.toLowerCase()])

let database: Database
let document: Document
let text: string

beforeAll(async () => {
  database = await openTestDatabase()
  text = await generateOpenApi(database)
  document = JSON.parse(text) as Document
})

afterAll(async () => {
  await database?.close()
})

describe('the OpenAPI document', () => {
  it('is the checked-in copy: run `npm run openapi` after changing a call', () => {
    const file = fileURLToPath(new URL(`../../../${OPENAPI_FILE}`, import.meta.url))
    const checkedIn = readFileSync(path.resolve(file), 'utf8')
    // a plain comparison first: a diff of a megabyte of JSON is no help
    const same = checkedIn === text
    if (!same) expect.fail(`${OPENAPI_FILE} differs from the contract: run \`npm run openapi\` and commit the result`)
    expect(same).toBe(true)
  })

  it('is the same text each time it is generated', async () => {
    expect(await generateOpenApi(database)).toBe(text)
  })

  it('is an OpenAPI 3.1 document with info, paths and components', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Kilat API')
    expect(document.info.version).toMatch(/\S/)
    expect(Object.keys(document.paths).length).toBeGreaterThan(50)
    expect(Object.keys(document.paths)).toEqual(Object.keys(document.paths).toSorted())
    for (const [name, parameter] of Object.entries(document.components.parameters)) {
      expect(name).toMatch(/^shared\./)
      expect(parameter).toMatchObject({ in: 'query', required: false })
    }
  })

  it('has every contract call with its method(s), borrower, public and ops', () => {
    const calls = contractCalls()
    expect(calls.length).toBeGreaterThan(80)
    for (const call of calls) {
      for (const method of methodsOf(call)) expect(document.paths[call.path]?.[method], `${method} ${call.path}`).toBeDefined()
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item))
    expect(operations).toHaveLength(calls.reduce((n, call) => n + methodsOf(call).length, 0))
    const tags = new Set(operations.map((o) => o.tags[0]))
    expect([...tags].sort()).toEqual(['borrower', 'ops', 'public'])
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length)
  })

  it('leaves out what is no contract call: pages, files, health, the webhook, itself', () => {
    for (const p of ['/healthz', '/readyz', '/', '/h5-api/v3/payments/callback', '/h5-api/v3/sandbox/pay', OPENAPI_PATH, REFERENCE_PATH]) {
      expect(document.paths[p], p).toBeUndefined()
    }
    expect(Object.keys(document.paths).every((p) => /^\/(h5-api|app|api|ops-api)\//.test(p))).toBe(true)
  })

  it("describes each call's fields, its family's envelope and its errors", () => {
    const calls = contractCalls()
    for (const call of calls) {
      for (const method of methodsOf(call)) {
        const operation = document.paths[call.path]![method]!
        expect(operation['x-kilat-family']).toBe(call.family)
        expect(operation['x-kilat-auth']).toBe(call.auth)
        // the shared parameters by reference, then the call's own
        const own = operation.parameters.filter((p) => !p.$ref).map((p) => p.name)
        const query = call.query as unknown as { shape?: Record<string, unknown> }
        const shared = contract.SHARED_PARAM_KEYS.filter((key) => !own.includes(key)).map((key) => `#/components/parameters/shared.${key}`)
        expect(operation.parameters.filter((p) => p.$ref).map((p) => p.$ref)).toEqual(shared)
        for (const field of Object.keys(query.shape ?? {})) expect(own, `${call.path} query ${field}`).toContain(field)
        const body = call.body as unknown as { shape?: Record<string, unknown> }
        if (method === 'post') {
          const content = operation.requestBody!.content
          expect(Object.keys(content)).toEqual(call.bodyType === 'multipart' ? ['multipart/form-data'] : ['application/x-www-form-urlencoded', 'application/json'])
          const properties = Object.values(content)[0]!.schema.properties ?? {}
          for (const field of Object.keys(body.shape ?? {})) expect(Object.keys(properties), `${call.path} body ${field}`).toContain(field)
        } else if (call.method === 'GET_POST') {
          for (const field of Object.keys(body.shape ?? {})) expect(own, `${call.path} GET ${field}`).toContain(field)
        }
        const success = operation.responses['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> }
        if (call.family === 'success') expect(success.properties.success).toMatchObject({ enum: [true] })
        else expect(success.properties.code).toMatchObject({ enum: [call.family === 'code0' ? 0 : '00'] })
        expect(success.properties.data).toBeDefined()

        const errors = operation['x-kilat-errors']
        expect(errors).toContain('invalidRequest')
        if (call.auth === 'borrower' || call.auth === 'staff') expect(errors).toContain('sessionRequired')
        if (call.auth === 'staff') expect(errors).toContain('staffForbidden')
        for (const key of [...errors, ...(CALL_ERRORS[call.path] ?? [])]) {
          const response = operation.responses[String(ERRORS[key].status)]
          expect(response?.description, `${call.path} ${key}`).toContain(`\`${ERRORS[key].code}\` ${key}:`)
          const code = call.family === 'code00' ? String(ERRORS[key].code) : ERRORS[key].code
          const schema = response!.content!['application/json']!.schema as { allOf: [{ $ref: string }, { properties: { code: { enum: unknown[] } } }] }
          expect(schema.allOf[0].$ref).toBe(`#/components/schemas/error.${call.family}`)
          expect(schema.allOf[1].properties.code.enum).toContain(code)
        }
      }
    }
  })

  it('names the errors of every call, and of calls only', () => {
    const paths = new Set(contractCalls().map((c) => c.path))
    for (const p of paths) expect(CALL_ERRORS[p], `${p} has no line in http/openapi/call-errors.ts`).toBeDefined()
    for (const p of Object.keys(CALL_ERRORS)) expect(paths.has(p), `${p} is no contract call`).toBe(true)
  })
})

describe('serving the document', () => {
  const clock = testClock()
  let demo: FastifyInstance
  let production: FastifyInstance

  beforeAll(async () => {
    await emptyStaff(database)
    demo = await buildTestApp(database, { now: clock.now })
    production = await buildTestApp(database, { env: { DEMO_MODE: 'false' }, now: clock.now })
    await Promise.all([demo.ready(), production.ready()])
  })

  afterAll(async () => {
    await demo?.close()
    await production?.close()
  })

  it('is open in demo mode, the same document as the checked-in one', async () => {
    const res = await demo.inject({ method: 'GET', url: OPENAPI_PATH })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toBe(text)
  })

  it('without demo mode, answers 401 in the envelope without a staff session', async () => {
    for (const url of [OPENAPI_PATH, REFERENCE_PATH]) {
      const res = await production.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(401)
      expect(res.json()).toEqual({ code: ERRORS.sessionRequired.code, data: null, message: expect.any(String) })
    }
    // a borrower's session is no staff session
    const borrower = await production.inject({ method: 'GET', url: `${OPENAPI_PATH}?tok=demo-borrower` })
    expect(borrower.statusCode).toBe(401)
  })

  it('without demo mode, serves a signed-in staff member of any role, without the demo calls', async () => {
    const agent = await enrolledStaff(production, database, clock, 'agent')
    const res = await opsGet(production, OPENAPI_PATH, { cookie: agent.cookie })
    expect(res.statusCode, res.body).toBe(200)
    const served = res.json() as Document
    expect(served.paths[contract.smsLogin.path]?.post).toBeDefined()
    expect(served.paths[contract.demoLastSms.path]).toBeUndefined()
    const page = await opsGet(production, REFERENCE_PATH, { cookie: agent.cookie })
    expect(page.statusCode).toBe(200)
  })

  it('has a reference page of every call with its fields and errors, which loads nothing', async () => {
    const res = await demo.inject({ method: 'GET', url: REFERENCE_PATH })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none';style-src 'sha256-/)
    expect(res.body).not.toMatch(/<script|<link|src=/i)
    for (const call of contractCalls()) expect(res.body, call.path).toContain(`<code>${call.path}</code>`)
    // a call's own field and one of its errors
    const section = res.body.slice(res.body.indexOf(`<code>${contract.problemSave.path}</code>`))
    const own = section.slice(0, section.indexOf('</section>'))
    expect(own).toContain('<code>problemDetail</code>')
    expect(own).toContain('<code>complaintTextRequired</code>')
    expect(own).toContain(ERRORS.complaintTextRequired.messages.en)
  })
})
