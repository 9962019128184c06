import { staffCreate, type BodyOf } from '@kilat/contract'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { fail, mockCall, server } from '../../test/msw'
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

  it('shows no failure itself unless the call asks: the screen shows it its own way', async () => {
    server.use(mockCall(staffCreate, fail(1000, 'bad', 400)))
    const shown: string[] = []
    const api = createOpsApi({ error: (message) => shown.push(message) }, () => 'offline')
    const body: BodyOf<typeof staffCreate> = { email: 'a@b.c', role: 'agent', markets: ['ID'], language: 'en' }
    await expect(api.callApi(staffCreate, { body })).rejects.toMatchObject({ code: 1000 })
    expect(shown).toEqual([])
    await expect(api.callApi(staffCreate, { body }, { toast: true })).rejects.toMatchObject({ code: 1000 })
    expect(shown).toEqual(['bad'])
  })
})
