import { staffCreate } from '@kilat/contract'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '../../test/msw'
import { createOpsApi, opsTransport } from './api'

describe("the console's transport", () => {
  it('sends a call’s body as JSON, lists as lists', async () => {
    let type = ''
    let body: unknown
    server.use(
      http.post(staffCreate.path, async ({ request }) => {
        type = request.headers.get('content-type') ?? ''
        body = await request.json()
        return HttpResponse.json({ code: 0, data: { account: null }, message: 'ok' })
      }),
    )
    const api = createOpsApi({ error: () => {} }, () => 'offline')
    await api.callApi(staffCreate, { body: { email: 'a@b.c', role: 'agent', markets: ['ID', 'MX'], language: 'en' } })
    expect(type).toBe('application/json')
    expect(body).toEqual({ email: 'a@b.c', role: 'agent', markets: ['ID', 'MX'], language: 'en' })
  })

  it('turns a refusal into an error naming the fields', async () => {
    const transport = opsTransport(async () => ({ status: 400, body: { code: 1000, data: { fields: ['markets'] }, message: 'bad' } }))
    await expect(
      transport({ method: 'POST', url: staffCreate.path, headers: { 'Content-Type': 'application/json' }, body: '{"markets":["ID"]}' }),
    ).rejects.toMatchObject({ code: 1000, status: 400, fields: ['markets'] })
  })
})
