import { describe, expect, it } from 'vitest'
import { formToJson, opsTransport } from './api'

describe("the console's transport", () => {
  it('sends lists as lists and other fields as they are, in JSON', () => {
    expect(JSON.parse(formToJson('email=a%40b.c&role=agent&markets=ID&language=en'))).toEqual({ email: 'a@b.c', role: 'agent', markets: ['ID'], language: 'en' })
    expect(JSON.parse(formToJson('complaintId=4&text=Hi&images=a.jpg&images=b.png'))).toEqual({ complaintId: '4', text: 'Hi', images: ['a.jpg', 'b.png'] })
  })

  it('turns a refusal into an error naming the fields', async () => {
    const transport = opsTransport(async (request) => {
      expect(request.headers['Content-Type']).toBe('application/json')
      return { status: 400, body: { code: 1000, data: { fields: ['markets'] }, message: 'bad' } }
    })
    await expect(
      transport({ method: 'POST', url: '/ops-api/staff/accounts', headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: 'markets=ID' }),
    ).rejects.toMatchObject({ code: 1000, status: 400, fields: ['markets'] })
  })
})
