import { createHash } from 'node:crypto'
import { ERRORS, type ErrorKey } from '@kilat/contract'
import { escapeHtml } from '../html.js'

/** The parts of the OpenAPI document the page reads. */
type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  format?: string
  $ref?: string
  description?: string
}
type Parameter = { name?: string; in?: string; required?: boolean; schema?: Schema; $ref?: string }
type Operation = {
  summary?: string
  description?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>
  'x-kilat-family'?: string
  'x-kilat-auth'?: string
  'x-kilat-roles'?: string[]
  'x-kilat-errors'?: ErrorKey[]
}
export type OpenApiDocument = {
  info: { title: string; description?: string }
  paths: Record<string, Record<string, Operation>>
  components?: { parameters?: Record<string, Parameter> }
}

const STYLE =
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1f2937}' +
  'h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2.5rem;border-bottom:1px solid #d1d5db}h3{font-size:1rem;margin:2rem 0 .25rem}' +
  'code{font:13px/1.4 ui-monospace,monospace;background:#f3f4f6;padding:0 .2rem}table{border-collapse:collapse;margin:.25rem 0 .75rem}' +
  'th,td{border:1px solid #e5e7eb;padding:.2rem .5rem;text-align:left;vertical-align:top}th{background:#f9fafb}' +
  '.m{display:inline-block;min-width:3rem;font-weight:600}.note{color:#4b5563}nav ul{columns:2}'

/** No script, nothing loaded: the one style element is allowed by its hash. */
const CSP = `default-src 'none';style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}';base-uri 'none';form-action 'none';frame-ancestors 'none'`

/** `code` spans of the document's texts, which use Markdown's backticks. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')

function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'any'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  const union = schema.anyOf ?? schema.oneOf
  if (union) return union.map(typeOf).join(' | ')
  if (schema.allOf) return schema.allOf.map(typeOf).join(' & ')
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any')
  return schema.format ? `${type} (${schema.format})` : type
}

function fieldsTable(schema: Schema | undefined): string {
  const properties = schema?.properties ?? {}
  const names = Object.keys(properties)
  if (names.length === 0) return '<p class="note">none</p>'
  const required = new Set(schema?.required ?? [])
  const rows = names.map((name) => `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(typeOf(properties[name]))}</td><td>${required.has(name) ? 'yes' : ''}</td></tr>`)
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function parametersTable(parameters: Parameter[]): string {
  const own = parameters.filter((p) => !p.$ref)
  if (own.length === 0) return '<p class="note">none besides the shared parameters</p>'
  const rows = own.map((p) => `<tr><td><code>${escapeHtml(p.name ?? '')}</code></td><td>${escapeHtml(typeOf(p.schema))}</td><td>${p.required ? 'yes' : ''}</td></tr>`)
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function errorsTable(operation: Operation): string {
  const errors = operation['x-kilat-errors'] ?? []
  const rows = errors.map((key) => `<tr><td>${ERRORS[key].code}</td><td><code>${escapeHtml(key)}</code></td><td>${ERRORS[key].status}</td><td>${escapeHtml(ERRORS[key].messages.en)}</td></tr>`)
  return `<table><thead><tr><th>code</th><th>key</th><th>HTTP</th><th>message (English)</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

const anchorOf = (method: string, path: string) => `${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`

function operationSection(path: string, method: string, operation: Operation): string {
  const body = operation.requestBody?.content
  const bodyType = body ? Object.keys(body).join(', ') : ''
  const bodySchema = body ? Object.values(body)[0]?.schema : undefined
  const data = operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data
  const roles = operation['x-kilat-roles']
  return (
    `<section id="${anchorOf(method, path)}"><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
    `<p>${inline(operation.description ?? '')}${roles ? ` Roles: ${escapeHtml(roles.join(', '))}.` : ''}</p>` +
    `<h4>Query</h4>${parametersTable(operation.parameters ?? [])}` +
    (body ? `<h4>Body (${escapeHtml(bodyType)})</h4>${fieldsTable(bodySchema)}` : '') +
    `<h4>Answer: <code>data</code> (${escapeHtml(typeOf(data))})</h4>${data?.properties ? fieldsTable(data) : ''}` +
    `<h4>Errors</h4>${errorsTable(operation)}</section>`
  )
}

/**
 * The reference page of the OpenAPI document: every call with its fields and errors, read from the
 * document itself so that the two cannot disagree; server-rendered HTML that loads nothing.
 */
export function referencePage(document: OpenApiDocument): { html: string; csp: string } {
  const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
  const groups = ['borrower', 'public', 'ops']
  const nav = groups
    .map((tag) => {
      const items = operations.filter((o) => o.operation.tags?.[0] === tag)
      const links = items.map((o) => `<li><a href="#${anchorOf(o.method, o.path)}">${o.method.toUpperCase()} ${escapeHtml(o.path)}</a></li>`)
      return `<h2>${escapeHtml(tag)} (${items.length})</h2><ul>${links.join('')}</ul>`
    })
    .join('')
  const shared = Object.values(document.components?.parameters ?? {})
  const sharedList = shared.map((p) => `<code>${escapeHtml(p.name ?? '')}</code>`).join(', ')
  const intro = (document.info.description ?? '').split('\n\n').map((paragraph) => `<p>${inline(paragraph.replace(/\n/g, ' '))}</p>`)
  const sections = groups.map((tag) => operations.filter((o) => o.operation.tags?.[0] === tag).map((o) => operationSection(o.path, o.method, o.operation)).join(''))
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(document.info.title)} reference</h1>${intro.join('')}` +
    `<p>The document itself: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1). Shared parameters of every call: ${sharedList}.</p>` +
    `<nav>${nav}</nav>` +
    groups.map((tag, i) => `<h2>${escapeHtml(tag)} calls</h2>${sections[i]}`).join('') +
    `</main></body></html>`
  return { html, csp: CSP }
}
