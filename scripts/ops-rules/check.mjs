// The checks of the alerts, their limits, the dashboard and the runbook
// (docs/operations/runbook.md#checking-the-rules): `node scripts/ops-rules/check.mjs`.
//
// 1. promtool (Debian's `prometheus` package, installed when missing, as root): `check rules` on
//    the rule files, `test rules` on ops/prometheus/tests/, `check config` on the example.
// 2. Every alert fires in a test and stays quiet in another, and carries a severity, a summary, a
//    description and a runbook_url.
// 3. Each limit of ops/prometheus/thresholds.yml equals its number in
//    packages/domain/src/operations-health.ts (the `alert` level of HEALTH_LIMITS,
//    RECONCILED_BY_HOUR, MARKET_DAY_HOURS, PROVIDER_MIN_CALLS), and so do the dashboard's red lines.
// 4. ops/grafana/kilat.json against Grafana's dashboard schema (DASHBOARD_SCHEMA below), and the
//    dashboard's own rules (data source and market variables, the rows).
// 5. Every runbook_url's anchor is a heading of the runbook, and every series the alerts and the
//    dashboard read is in docs/operations/metrics.md (with its labels), a prom-client default
//    metric, `up`, or (the alerts only) a rule of thresholds.yml.
// Exits 1 with every problem found, 2 when it cannot run.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Ajv from 'ajv'
import { parse as parseYaml } from 'yaml'
import { anchorsOf } from '../references/references.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PROMETHEUS = join(ROOT, 'ops/prometheus')
const THRESHOLDS = join(PROMETHEUS, 'thresholds.yml')
const ALERTS = join(PROMETHEUS, 'alerts.yml')
const TESTS = join(PROMETHEUS, 'tests')
const EXAMPLE_CONFIG = join(PROMETHEUS, 'example/prometheus.yml')
const DASHBOARD = join(ROOT, 'ops/grafana/kilat.json')
const RUNBOOK = 'docs/operations/runbook.md'
const METRICS_DOC = 'docs/operations/metrics.md'
const LIMITS_SOURCE = join(ROOT, 'packages/domain/src/operations-health.ts')

const problems = []
const fail = (message) => problems.push(message)
const read = (file) => readFileSync(file, 'utf8')
const rel = (file) => relative(ROOT, file)

class CannotRun extends Error {}

// 1. promtool

/** promtool from Debian's `prometheus` package, installed when missing (as root, as CI runs). */
function ensurePromtool() {
  if (spawnSync('promtool', ['--version']).status === 0) return
  const howTo = 'apt-get install -y --no-install-recommends prometheus'
  if (process.getuid?.() !== 0) throw new CannotRun(`promtool is not installed. As root: ${howTo}`)
  console.log(`promtool is not installed: ${howTo}`)
  // RUNLEVEL=1: the package's own service is not started (invoke-rc.d); only promtool is wanted.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' }
  const args = ['install', '-y', '--no-install-recommends', 'prometheus']
  let install = spawnSync('apt-get', args, { stdio: 'inherit', env })
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    install = spawnSync('apt-get', args, { stdio: 'inherit', env })
  }
  if (install.status !== 0 || spawnSync('promtool', ['--version']).status !== 0) throw new CannotRun(`Could not install promtool (${howTo})`)
}

function promtool(what, args) {
  const run = spawnSync('promtool', args, { cwd: ROOT, encoding: 'utf8' })
  if (run.status === 0) return console.log(`ok   promtool ${what}`)
  fail(`promtool ${what} failed:\n${`${run.stdout}${run.stderr}`.trim()}`)
}

// 2. The alerts and their tests

/** Every rule of a rule file, with its group's name. */
function rulesOf(file) {
  const doc = parseYaml(read(file))
  return (doc?.groups ?? []).flatMap((g) => (g.rules ?? []).map((r) => ({ ...r, group: g.name })))
}

const SEVERITIES = new Set(['critical', 'warning'])

function checkAlerts(alerts, anchors) {
  for (const a of alerts) {
    const where = `${rel(ALERTS)}: ${a.alert}`
    if (!SEVERITIES.has(a.labels?.severity)) fail(`${where}: severity must be one of ${[...SEVERITIES].join(', ')}`)
    for (const key of ['summary', 'description', 'runbook_url']) if (!a.annotations?.[key]) fail(`${where}: no ${key} annotation`)
    const url = a.annotations?.runbook_url ?? ''
    const [page, anchor] = url.split('#')
    if (page !== RUNBOOK || !anchor) fail(`${where}: runbook_url must be ${RUNBOOK}#<anchor>, not "${url}"`)
    else if (!anchors.has(anchor)) fail(`${where}: ${RUNBOOK} has no heading with the anchor #${anchor}`)
  }
}

/** Each alert is expected to fire in some test and to stay quiet in another. */
function checkTestsCover(alerts) {
  const fires = new Set()
  const quiet = new Set()
  for (const name of readdirSync(TESTS).filter((f) => f.endsWith('.test.yml'))) {
    const doc = parseYaml(read(join(TESTS, name)))
    for (const test of doc?.tests ?? []) {
      for (const t of test.alert_rule_test ?? []) (t.exp_alerts?.length ? fires : quiet).add(t.alertname)
    }
  }
  for (const name of new Set(alerts.map((a) => a.alert))) {
    if (!fires.has(name)) fail(`${rel(TESTS)}: no test where ${name} fires`)
    if (!quiet.has(name)) fail(`${rel(TESTS)}: no test where ${name} stays quiet`)
  }
}

// 3. The limits

const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Each limit's series and number as operations-health.ts states them. */
async function expectedLimits() {
  let health
  try {
    const { tsImport } = await import('tsx/esm/api')
    health = await tsImport(pathToFileURL(LIMITS_SOURCE).href, import.meta.url)
  } catch (error) {
    throw new CannotRun(`Could not load ${rel(LIMITS_SOURCE)} through tsx (npm install brings it): ${error.message}`)
  }
  const limits = new Map()
  for (const [key, limit] of Object.entries(health.HEALTH_LIMITS)) limits.set(`kilat:limit:${snake(key)}`, { value: limit.alert, from: `HEALTH_LIMITS.${key}.alert` })
  limits.set('kilat:limit:reconciled_by_hour', { value: health.RECONCILED_BY_HOUR, from: 'RECONCILED_BY_HOUR' })
  limits.set('kilat:limit:market_day_from_hour', { value: health.MARKET_DAY_HOURS.from, from: 'MARKET_DAY_HOURS.from' })
  limits.set('kilat:limit:market_day_to_hour', { value: health.MARKET_DAY_HOURS.to, from: 'MARKET_DAY_HOURS.to' })
  limits.set('kilat:limit:provider_min_calls', { value: health.PROVIDER_MIN_CALLS, from: 'PROVIDER_MIN_CALLS' })
  return limits
}

/** thresholds.yml's limits against operations-health.ts; the limits by name, as thresholds.yml has them. */
function checkLimits(thresholds, expected) {
  const where = rel(THRESHOLDS)
  const found = new Map()
  for (const r of thresholds) {
    if (!r.record) fail(`${where}: ${r.alert ?? 'a rule'} is not a recording rule`)
    else if (r.record.startsWith('kilat:limit:')) {
      const m = /^\s*vector\(\s*(-?[\d.]+(?:e[+-]?\d+)?)\s*\)\s*$/i.exec(String(r.expr))
      if (!m) fail(`${where}: ${r.record} must be vector(<number>), not ${r.expr}`)
      else found.set(r.record, Number(m[1]))
    } else if (r.record !== 'kilat:market_day') fail(`${where}: ${r.record} is neither a kilat:limit: series nor kilat:market_day`)
  }
  if (!thresholds.some((r) => r.record === 'kilat:market_day')) fail(`${where}: no kilat:market_day rule`)
  for (const [name, { value, from }] of expected) {
    if (!found.has(name)) fail(`${where}: no ${name} (${from} in ${rel(LIMITS_SOURCE)} is ${value})`)
    else if (found.get(name) !== value) fail(`${where}: ${name} is ${found.get(name)}, but ${from} in ${rel(LIMITS_SOURCE)} is ${value}: change both together`)
  }
  for (const name of found.keys()) if (!expected.has(name)) fail(`${where}: ${name} has no number in ${rel(LIMITS_SOURCE)}`)
  return found
}

/** The alerts use only limits thresholds.yml has, and AlertLimitsMissing watches each of them. */
function checkLimitUse(alerts, thresholds) {
  const made = new Set(thresholds.map((r) => r.record))
  for (const a of alerts) {
    for (const name of String(a.expr).match(/kilat:[a-z0-9_:]+/g) ?? []) if (!made.has(name)) fail(`${rel(ALERTS)}: ${a.alert} reads ${name}, which ${rel(THRESHOLDS)} does not make`)
  }
  const missing = alerts.find((a) => a.alert === 'AlertLimitsMissing')
  if (!missing) return fail(`${rel(ALERTS)}: no AlertLimitsMissing`)
  for (const name of made) if (!String(missing.expr).includes(`absent(${name})`)) fail(`${rel(ALERTS)}: AlertLimitsMissing does not watch ${name}`)
}

// The dashboard's panels that draw an alert's limit as a red line, and the limit each draws.
const PANEL_LIMITS = {
  'Inbox: oldest payment waiting': 'kilat:limit:inbox_oldest_seconds',
  'Outbox: oldest payout sending': 'kilat:limit:outbox_sending_seconds',
  'Outbox: oldest payout accepted': 'kilat:limit:outbox_accepted_seconds',
  'Reconciliation: days not closed': 'kilat:limit:unreconciled_days',
  'Provider failed calls, share over 5 minutes': 'kilat:limit:provider_error_ratio',
  'Time since the last accepted callback': 'kilat:limit:callback_silence_seconds',
  'Borrower calls p99 over 5 minutes': 'kilat:limit:borrower_p99_seconds',
  'Job lateness, in its intervals': 'kilat:limit:job_late_intervals',
}

function checkDashboardLimits(panels, limits) {
  const byTitle = new Map(panels.map((p) => [p.title, p]))
  for (const [title, limit] of Object.entries(PANEL_LIMITS)) {
    const panel = byTitle.get(title)
    if (!panel) {
      fail(`${rel(DASHBOARD)}: no panel "${title}" (it draws ${limit})`)
      continue
    }
    const red = (panel.fieldConfig?.defaults?.thresholds?.steps ?? []).find((s) => s.color === 'red')
    if (red?.value !== limits.get(limit)) fail(`${rel(DASHBOARD)}: "${title}" draws its red line at ${red?.value}, but ${limit} is ${limits.get(limit)}`)
  }
  for (const p of panels) {
    const red = (p.fieldConfig?.defaults?.thresholds?.steps ?? []).some((s) => s.color === 'red')
    if (red && !(p.title in PANEL_LIMITS)) fail(`${rel(DASHBOARD)}: "${p.title}" draws a red line that is no alert's limit (add it to PANEL_LIMITS in ${rel(fileURLToPath(import.meta.url))})`)
  }
}

// 4. The dashboard against Grafana's schema

/**
 * Grafana's dashboard model (the classic JSON a dashboard is exported and provisioned as), as
 * JSON Schema. No npm package publishes it as JSON Schema, so it is written here from Grafana's
 * own: kinds/dashboard/dashboard_kind.cue, as @grafana/schema 13.2.3 publishes it in
 * dist/types/raw/dashboard/x/types.gen.d.ts (generated from that file), with the cue's bounds on
 * gridPos. The fields of each object, their types, enums and required fields follow that file; a
 * field with a default in the cue is optional. What the cue leaves to plugins is open here too: a
 * panel's `options` and `fieldConfig.defaults.custom`, a query target, a variable's and an
 * annotation's extra fields (Grafana writes `definition` on a query variable).
 */
const DASHBOARD_SCHEMA = {
  $ref: '#/definitions/Dashboard',
  definitions: {
    DataSourceRef: { type: 'object', additionalProperties: false, properties: { type: { type: 'string' }, uid: { type: 'string' } } },
    GridPos: {
      type: 'object',
      additionalProperties: false,
      required: ['h', 'w', 'x', 'y'],
      properties: {
        h: { type: 'integer', minimum: 1 },
        w: { type: 'integer', minimum: 1, maximum: 24 },
        x: { type: 'integer', minimum: 0, maximum: 23 },
        y: { type: 'integer', minimum: 0 },
        static: { type: 'boolean' },
      },
    },
    Threshold: {
      type: 'object',
      additionalProperties: false,
      required: ['color', 'value'],
      properties: { color: { type: 'string' }, value: { type: ['number', 'null'] }, valueExpr: { type: 'string' } },
    },
    ThresholdsConfig: {
      type: 'object',
      additionalProperties: false,
      required: ['mode', 'steps'],
      properties: { mode: { enum: ['absolute', 'percentage'] }, steps: { type: 'array', items: { $ref: '#/definitions/Threshold' } } },
    },
    FieldColor: {
      type: 'object',
      additionalProperties: false,
      required: ['mode'],
      properties: {
        mode: {
          enum: [
            'thresholds', 'palette-classic', 'palette-classic-by-name', 'continuous-viridis', 'continuous-magma', 'continuous-plasma',
            'continuous-inferno', 'continuous-cividis', 'continuous-GrYlRd', 'continuous-RdYlGr', 'continuous-BlYlRd', 'continuous-YlRd',
            'continuous-BlPu', 'continuous-YlBl', 'continuous-blues', 'continuous-reds', 'continuous-greens', 'continuous-purples', 'shades', 'fixed',
          ],
        },
        fixedColor: { type: 'string' },
        seriesBy: { enum: ['min', 'max', 'last'] },
      },
    },
    MatcherConfig: {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: { id: { type: 'string' }, options: {}, scope: { enum: ['series', 'nested', 'annotation', 'exemplar'] } },
    },
    FieldConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        actions: { type: 'array' },
        color: { $ref: '#/definitions/FieldColor' },
        custom: { type: 'object' },
        decimals: { type: 'number' },
        description: { type: 'string' },
        displayName: { type: 'string' },
        displayNameFromDS: { type: 'string' },
        filterable: { type: 'boolean' },
        links: { type: 'array' },
        mappings: { type: 'array', items: { type: 'object', required: ['type', 'options'], properties: { type: { enum: ['value', 'range', 'regex', 'special'] }, options: { type: 'object' } } } },
        max: { type: 'number' },
        min: { type: 'number' },
        noValue: { type: 'string' },
        path: { type: 'string' },
        thresholds: { $ref: '#/definitions/ThresholdsConfig' },
        unit: { type: 'string' },
        writeable: { type: 'boolean' },
      },
    },
    FieldConfigSource: {
      type: 'object',
      additionalProperties: false,
      required: ['defaults', 'overrides'],
      properties: {
        defaults: { $ref: '#/definitions/FieldConfig' },
        overrides: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['matcher', 'properties'],
            properties: {
              matcher: { $ref: '#/definitions/MatcherConfig' },
              properties: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string' }, value: {} } } },
            },
          },
        },
      },
    },
    DataTransformerConfig: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'options'],
      properties: {
        id: { type: 'string' },
        disabled: { type: 'boolean' },
        filter: { $ref: '#/definitions/MatcherConfig' },
        options: {},
        topic: { enum: ['series', 'annotations', 'alertStates'] },
      },
    },
    DashboardLink: {
      type: 'object',
      additionalProperties: false,
      required: ['asDropdown', 'icon', 'includeVars', 'keepTime', 'tags', 'targetBlank', 'title', 'tooltip', 'type'],
      properties: {
        asDropdown: { type: 'boolean' },
        icon: { type: 'string' },
        includeVars: { type: 'boolean' },
        keepTime: { type: 'boolean' },
        origin: { type: 'object', required: ['type', 'group'], properties: { type: { const: 'datasource' }, group: { type: 'string' } } },
        placement: { const: 'inControlsMenu' },
        tags: { type: 'array', items: { type: 'string' } },
        targetBlank: { type: 'boolean' },
        title: { type: 'string' },
        tooltip: { type: 'string' },
        type: { enum: ['link', 'dashboards'] },
        url: { type: 'string' },
      },
    },
    Panel: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        autoMigrateFrom: { type: 'string' },
        cacheTimeout: { type: 'string' },
        datasource: { $ref: '#/definitions/DataSourceRef' },
        description: { type: 'string' },
        fieldConfig: { $ref: '#/definitions/FieldConfigSource' },
        gridPos: { $ref: '#/definitions/GridPos' },
        hideTimeOverride: { type: 'boolean' },
        id: { type: 'integer', minimum: 0 },
        interval: { type: 'string' },
        libraryPanel: { type: 'object', additionalProperties: false, required: ['name', 'uid'], properties: { name: { type: 'string' }, uid: { type: 'string' } } },
        links: { type: 'array', items: { $ref: '#/definitions/DashboardLink' } },
        maxDataPoints: { type: 'number' },
        maxPerRow: { type: 'number' },
        options: { type: 'object' },
        pluginVersion: { type: 'string' },
        queryCachingTTL: { type: 'number' },
        repeat: { type: 'string' },
        repeatDirection: { enum: ['h', 'v'] },
        targets: { type: 'array', items: { type: 'object' } },
        timeCompare: { type: 'string' },
        timeFrom: { type: 'string' },
        timeShift: { type: 'string' },
        title: { type: 'string' },
        transformations: { type: 'array', items: { $ref: '#/definitions/DataTransformerConfig' } },
        transparent: { type: 'boolean' },
        type: { type: 'string', minLength: 1 },
      },
    },
    RowPanel: {
      type: 'object',
      additionalProperties: false,
      required: ['collapsed', 'id', 'panels', 'type'],
      properties: {
        collapsed: { type: 'boolean' },
        datasource: { $ref: '#/definitions/DataSourceRef' },
        gridPos: { $ref: '#/definitions/GridPos' },
        id: { type: 'integer', minimum: 0 },
        panels: { type: 'array', items: { $ref: '#/definitions/Panel' } },
        repeat: { type: 'string' },
        title: { type: 'string' },
        type: { const: 'row' },
      },
    },
    PanelOrRow: {
      if: { type: 'object', required: ['type'], properties: { type: { const: 'row' } } },
      then: { $ref: '#/definitions/RowPanel' },
      else: { $ref: '#/definitions/Panel' },
    },
    VariableOption: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'value'],
      properties: {
        properties: { type: 'object', additionalProperties: { type: 'string' } },
        selected: { type: 'boolean' },
        text: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        value: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      },
    },
    VariableModel: {
      type: 'object',
      required: ['name', 'type'],
      properties: {
        allValue: { type: 'string' },
        allowCustomValue: { type: 'boolean' },
        current: { $ref: '#/definitions/VariableOption' },
        datasource: { anyOf: [{ $ref: '#/definitions/DataSourceRef' }, { type: 'null' }] },
        description: { type: ['string', 'null'] },
        enableGroupBy: { type: 'boolean' },
        hide: { enum: [0, 1, 2, 3] },
        includeAll: { type: 'boolean' },
        label: { type: 'string' },
        multi: { type: 'boolean' },
        name: { type: 'string' },
        options: { type: 'array', items: { $ref: '#/definitions/VariableOption' } },
        query: { type: ['string', 'object'] },
        refresh: { enum: [0, 1, 2] },
        regex: { type: 'string' },
        regexApplyTo: { enum: ['value', 'text'] },
        skipUrlSync: { type: 'boolean' },
        sort: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
        staticOptions: { type: 'array', items: { $ref: '#/definitions/VariableOption' } },
        staticOptionsOrder: { enum: ['before', 'after', 'sorted'] },
        type: { enum: ['query', 'adhoc', 'groupby', 'constant', 'datasource', 'interval', 'textbox', 'custom', 'system', 'snapshot', 'switch'] },
        valuesFormat: { enum: ['csv', 'json'] },
      },
    },
    AnnotationQuery: {
      type: 'object',
      required: ['name', 'datasource', 'enable', 'iconColor'],
      properties: {
        builtIn: { type: 'number' },
        datasource: { $ref: '#/definitions/DataSourceRef' },
        enable: { type: 'boolean' },
        filter: { type: 'object', required: ['ids'], properties: { exclude: { type: 'boolean' }, ids: { type: 'array', items: { type: 'integer' } } } },
        hide: { type: 'boolean' },
        iconColor: { type: 'string' },
        name: { type: 'string' },
        placement: { const: 'inControlsMenu' },
        target: {
          type: 'object',
          required: ['limit', 'matchAny', 'tags', 'type'],
          properties: { limit: { type: 'integer' }, matchAny: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } }, type: { type: 'string' } },
        },
        type: { type: 'string' },
      },
    },
    TimePickerConfig: {
      type: 'object',
      additionalProperties: false,
      properties: {
        hidden: { type: 'boolean' },
        nowDelay: { type: 'string' },
        quick_ranges: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['display', 'from', 'to'], properties: { display: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } } },
        refresh_intervals: { type: 'array', items: { type: 'string' } },
      },
    },
    Dashboard: {
      type: 'object',
      additionalProperties: false,
      required: ['schemaVersion'],
      properties: {
        annotations: { type: 'object', additionalProperties: false, properties: { list: { type: 'array', items: { $ref: '#/definitions/AnnotationQuery' } } } },
        description: { type: 'string' },
        editable: { type: 'boolean' },
        fiscalYearStartMonth: { type: 'integer', minimum: 0, maximum: 11 },
        gnetId: { type: 'number' },
        graphTooltip: { enum: [0, 1, 2] },
        id: { type: ['integer', 'null'] },
        links: { type: 'array', items: { $ref: '#/definitions/DashboardLink' } },
        liveNow: { type: 'boolean' },
        panels: { type: 'array', items: { $ref: '#/definitions/PanelOrRow' } },
        preload: { type: 'boolean' },
        refresh: { type: 'string' },
        revision: { type: 'number' },
        schemaVersion: { type: 'integer', minimum: 0, maximum: 65535 },
        snapshot: { type: 'object' },
        tags: { type: 'array', items: { type: 'string' } },
        templating: { type: 'object', additionalProperties: false, properties: { list: { type: 'array', items: { $ref: '#/definitions/VariableModel' } } } },
        time: { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: { type: 'string' }, to: { type: 'string' } } },
        timepicker: { $ref: '#/definitions/TimePickerConfig' },
        timezone: { type: 'string' },
        title: { type: 'string' },
        uid: { type: 'string', maxLength: 40 },
        version: { type: 'integer', minimum: 0 },
        weekStart: { type: 'string' },
      },
    },
  },
}

const ROWS = ['Money flows', 'Providers', 'Borrower calls', 'Processes', 'Jobs', 'Business']
const DATASOURCE = { type: 'prometheus', uid: '${datasource}' }
const MARKET_QUERY = 'label_values(kilat_payment_inbox_pending, market)'

/** The dashboard against the schema, then our own rules; its panels (rows' inner panels included). */
function checkDashboard(dashboard) {
  const where = rel(DASHBOARD)
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true })
  const validate = ajv.compile(DASHBOARD_SCHEMA)
  if (!validate(dashboard)) {
    for (const e of validate.errors) if (e.keyword !== 'if') fail(`${where}: Grafana's schema: ${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`)
  }
  if (!(dashboard.schemaVersion >= 39)) fail(`${where}: schemaVersion ${dashboard.schemaVersion}, 39 or later wanted`)
  if (!dashboard.uid || !dashboard.title) fail(`${where}: a uid and a title are wanted`)

  const vars = new Map((dashboard.templating?.list ?? []).map((v) => [v.name, v]))
  const ds = vars.get('datasource')
  if (ds?.type !== 'datasource' || ds?.query !== 'prometheus') fail(`${where}: a "datasource" variable of type datasource for prometheus is wanted`)
  const market = vars.get('market')
  const marketQuery = typeof market?.query === 'object' ? market.query.query : market?.query
  if (market?.type !== 'query' || marketQuery !== MARKET_QUERY || !sameRef(market?.datasource)) fail(`${where}: a "market" query variable of ${MARKET_QUERY} on \${datasource} is wanted`)

  const top = dashboard.panels ?? []
  const rows = top.filter((p) => p.type === 'row').map((p) => p.title)
  for (const title of ROWS) if (!rows.includes(title)) fail(`${where}: no row "${title}"`)
  const panels = top.flatMap((p) => (p.type === 'row' ? p.panels ?? [] : [p]))
  const ids = new Set()
  for (const p of [...top, ...panels.filter((p) => !top.includes(p))]) {
    if (ids.has(p.id)) fail(`${where}: panel id ${p.id} is used twice`)
    ids.add(p.id)
    if (p.gridPos && p.gridPos.x + p.gridPos.w > 24) fail(`${where}: "${p.title}" is wider than the grid's 24 columns`)
  }
  for (const p of panels) {
    if (!sameRef(p.datasource)) fail(`${where}: "${p.title}" must use the \${datasource} variable`)
    if (!p.targets?.length) fail(`${where}: "${p.title}" has no query`)
    const refIds = new Set()
    for (const t of p.targets ?? []) {
      if (!t.expr) fail(`${where}: "${p.title}" has a target without expr`)
      if (!t.refId || refIds.has(t.refId)) fail(`${where}: "${p.title}" has a target without a refId of its own`)
      refIds.add(t.refId)
      if (t.datasource && !sameRef(t.datasource)) fail(`${where}: a query of "${p.title}" must use the \${datasource} variable`)
    }
  }
  return panels.filter((p) => p.type !== 'row')
}

const sameRef = (ref) => ref?.type === DATASOURCE.type && ref?.uid === DATASOURCE.uid

// 5. The runbook's anchors and the series read

/** The documented series: name → { type, labels } from the tables of docs/operations/metrics.md. */
function documentedSeries() {
  const series = new Map()
  for (const line of read(join(ROOT, METRICS_DOC)).split('\n')) {
    const m = /^\|\s*`([a-z_:][a-z0-9_:]*)`\s*\|\s*([^|]+?)\s*\|\s*(.*?)\s*\|\s*$/.exec(line)
    if (!m) continue
    // the labels are the backticked names outside the parentheses that list their values
    let labelsText = m[3]
    while (/\([^()]*\)/.test(labelsText)) labelsText = labelsText.replace(/\([^()]*\)/g, '')
    labelsText = labelsText.split(':')[0]
    const labels = new Set([...labelsText.matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((l) => l[1]))
    series.set(m[1], { type: m[2].split(/[\s,]/)[0], labels })
  }
  if (series.size === 0) throw new CannotRun(`${METRICS_DOC} lists no series`)
  return series
}

/** prom-client's default metrics, by name and type, from the version the server installs. */
async function promClientDefaults() {
  const require = createRequire(join(ROOT, 'apps/server/package.json'))
  const { Registry, collectDefaultMetrics } = require('prom-client')
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const metrics = await registry.getMetricsAsJSON()
  return new Map(metrics.map((m) => [m.name, { type: m.type, labels: null }]))
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right'])
const GROUPING = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right'])
// labels Prometheus adds to every scraped series, and the series' own `job` once renamed
const TARGET_LABELS = new Set(['job', 'instance', 'exported_job'])

/**
 * The series a PromQL expression selects: [{ name, labels }] with each matcher's label name. A
 * small reader of PromQL's tokens: strings, Grafana's `$variables`, `[ranges]` and numbers are
 * skipped, a name followed by `(` or by `by`/`without` is a function or an aggregation, and the
 * labels after by/on/… are not series.
 */
function selectorsOf(expr) {
  const out = []
  const s = String(expr)
  let i = 0
  const skipSpace = () => {
    while (i < s.length && /\s/.test(s[i])) i++
  }
  const skipString = () => {
    const quote = s[i++]
    while (i < s.length && s[i] !== quote) i += s[i] === '\\' ? 2 : 1
    i++
  }
  const readMatchers = () => {
    const labels = []
    i++ // {
    while (i < s.length && s[i] !== '}') {
      skipSpace()
      const m = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(s.slice(i))
      if (m) {
        labels.push(m[0])
        i += m[0].length
        skipSpace()
        i += /^(=~|!~|!=|=)/.exec(s.slice(i))?.[0].length ?? 0
        skipSpace()
        if (s[i] === '"' || s[i] === "'" || s[i] === '`') skipString()
      } else i++
    }
    i++ // }
    return labels
  }
  while (i < s.length) {
    const c = s[i]
    if (c === '"' || c === "'" || c === '`') skipString()
    else if (c === '$') {
      i++
      if (s[i] === '{') while (i < s.length && s[i] !== '}') i++
      else while (i < s.length && /\w/.test(s[i])) i++
    } else if (c === '[') {
      while (i < s.length && s[i] !== ']') i++
      i++
    } else if (/[0-9.]/.test(c)) {
      // a duration (`offset 1h30m`), a hexadecimal or a decimal number
      i += /^((\d+(ms|[smhdwy]))+|0x[0-9a-f]+|[0-9]*\.?[0-9]+(e[+-]?[0-9]+)?)/i.exec(s.slice(i))?.[0].length || 1
    } else if (c === '{') out.push({ name: null, labels: readMatchers() })
    else if (/[a-zA-Z_:]/.test(c)) {
      const word = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(s.slice(i))[0]
      i += word.length
      skipSpace()
      if (GROUPING.has(word.toLowerCase())) {
        if (s[i] === '(') while (i < s.length && s[i] !== ')') i++
        continue
      }
      if (KEYWORDS.has(word.toLowerCase())) continue
      // an aggregation written `sum by (…) (…)`: its grouping comes next
      if (/^(by|without)\b/i.test(s.slice(i))) continue
      if (s[i] === '(') {
        // label_values(series, label): Grafana's variable query, whose second argument is a label
        if (word === 'label_values') {
          const end = s.indexOf(')', i)
          const args = s.slice(i + 1, end).split(',')
          if (args.length > 1) out.push(...selectorsOf(args[0]))
          i = end + 1
        }
        continue
      }
      out.push({ name: word, labels: s[i] === '{' ? readMatchers() : [] })
    } else i++
  }
  return out
}

const HISTOGRAM_PARTS = /_(bucket|sum|count)$/

/** What is wrong with one selector of `where`, or null. */
function selectorProblem(sel, known, rules) {
  if (sel.name === null) return `a selector without a series name ({${sel.labels.join(', ')}})`
  if (sel.name === 'up') return null
  if (sel.name.includes(':')) return rules.has(sel.name) ? null : `${sel.name} is no rule of ${rel(THRESHOLDS)}`
  let entry = known.get(sel.name)
  let part = null
  if (!entry && HISTOGRAM_PARTS.test(sel.name)) {
    const base = known.get(sel.name.replace(HISTOGRAM_PARTS, ''))
    if (base && (base.type === 'histogram' || base.type === 'summary')) {
      entry = base
      part = sel.name.match(HISTOGRAM_PARTS)[1]
    }
  }
  if (!entry) return `${sel.name} is not in ${METRICS_DOC} nor a prom-client default metric`
  if (!entry.labels) return null
  const allowed = new Set([...entry.labels, ...TARGET_LABELS, ...(part === 'bucket' ? ['le'] : [])])
  const unknown = sel.labels.filter((l) => !allowed.has(l))
  return unknown.length ? `${sel.name} has no label ${unknown.join(', ')} in ${METRICS_DOC}` : null
}

function checkSeries(where, expr, known, rules) {
  for (const sel of selectorsOf(expr)) {
    const problem = selectorProblem(sel, known, rules)
    if (problem) fail(`${where}: ${problem}`)
  }
}

// Run

async function main() {
  ensurePromtool()
  const ruleFiles = [THRESHOLDS, ALERTS].map(rel)
  promtool('check rules', ['check', 'rules', ...ruleFiles])
  const tests = readdirSync(TESTS).filter((f) => f.endsWith('.test.yml')).map((f) => rel(join(TESTS, f)))
  if (tests.length === 0) fail(`${rel(TESTS)}: no *.test.yml`)
  promtool('test rules', ['test', 'rules', ...tests])
  promtool('check config (the example)', ['check', 'config', rel(EXAMPLE_CONFIG)])

  const thresholds = rulesOf(THRESHOLDS)
  const alerts = rulesOf(ALERTS).filter((r) => r.alert)
  const anchors = anchorsOf(read(join(ROOT, RUNBOOK)))
  const before = problems.length
  checkAlerts(alerts, anchors)
  checkTestsCover(alerts)
  if (problems.length === before) console.log(`ok   ${alerts.length} alert rules: severity, annotations, runbook anchors, a firing and a quiet test each`)

  const mark = problems.length
  const limits = checkLimits(thresholds, await expectedLimits())
  checkLimitUse(alerts, thresholds)
  const dashboard = JSON.parse(read(DASHBOARD))
  const panels = checkDashboard(dashboard)
  checkDashboardLimits(panels, limits)
  if (problems.length === mark) console.log(`ok   ${limits.size} limits equal ${rel(LIMITS_SOURCE)}; ${rel(DASHBOARD)} fits Grafana's schema (${panels.length} panels)`)

  const series = new Map([...(await promClientDefaults()), ...documentedSeries()])
  const rules = new Set(thresholds.map((r) => r.record))
  const seriesMark = problems.length
  for (const r of thresholds) checkSeries(`${rel(THRESHOLDS)}: ${r.record}`, r.expr, series, rules)
  for (const a of alerts) checkSeries(`${rel(ALERTS)}: ${a.alert}`, a.expr, series, rules)
  const noRules = new Set()
  for (const p of panels) for (const t of p.targets ?? []) checkSeries(`${rel(DASHBOARD)}: "${p.title}"`, t.expr, series, noRules)
  for (const v of dashboard.templating?.list ?? []) {
    if (v.type === 'query') checkSeries(`${rel(DASHBOARD)}: variable ${v.name}`, typeof v.query === 'object' ? v.query.query : v.query, series, noRules)
  }
  if (problems.length === seriesMark) console.log(`ok   every series read is in ${METRICS_DOC}, a prom-client default or up`)
}

try {
  await main()
} catch (error) {
  if (!(error instanceof CannotRun)) throw error
  console.error(`Cannot run the checks: ${error.message}`)
  process.exit(2)
}
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`)
  process.exit(1)
}
console.log('\nThe operations rules are consistent.')
