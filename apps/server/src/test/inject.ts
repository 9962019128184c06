import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

/** Calls as the app shell makes them: shared parameters in the query, a form-encoded body. */
export function post(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string | number>,
  query: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString()
  return app.inject({
    method: 'POST',
    url: withQuery(path, query),
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

export function postJson(app: FastifyInstance, path: string, payload: unknown, query: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: withQuery(path, query),
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  })
}

export function get(app: FastifyInstance, path: string, query: Record<string, string | number> = {}) {
  return app.inject({ method: 'GET', url: withQuery(path, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))) })
}

function withQuery(path: string, query: Record<string, string>): string {
  const qs = new URLSearchParams(query).toString()
  return qs ? `${path}?${qs}` : path
}
