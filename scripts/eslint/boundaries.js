// Local ESLint plugin: the project's module boundaries as one rule, `kilat/boundaries`.
//
// Every import (static, dynamic, `export ... from`, `typeof import()` types, Vite's import.meta.glob)
// is resolved to a path inside the repository: a relative specifier against the importing file, a
// workspace package by its name (@kilat/domain -> packages/domain, ...). Other packages are not ours
// and are ignored. The importer and the target are then placed (workspace, server area and module,
// web area and feature) and checked against the rules below.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The repository root, from this file's own place (scripts/eslint/): independent of ESLint's cwd.
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const WORKSPACES = { domain: 'packages/domain', contract: 'packages/contract', server: 'apps/server', web: 'apps/web' }

// Tests are exempt from the server's module rule only: a test reaches into another module's repo to
// set up rows, and nothing imports a test, so that reach cannot couple production code. The db/,
// http/, web and workspace rules still hold for tests: they describe layers, not convenience.
const isTest = (file) => /\.test\.tsx?$/.test(file) || /\/test-helpers\.ts$/.test(file) || file.startsWith('apps/server/src/test/')

// A table belongs to the module (or the lower layer: http/, adapters/<name>/) whose `*.schema.ts`
// defines it. That file is imported by the owner's own files and by nobody else, with two
// exceptions that only declare or fill tables: another schema file (a foreign key names the column
// it points at; declarations, no query) and db/'s seed composition below (the seed and its
// factories write every area's demo rows). Anyone else goes through the owner's service.
const isSchema = (file) => /\.schema(\.(js|ts))?$/.test(file)
const SEED_COMPOSITION = /^apps\/server\/src\/db\/(seed|seed-cards|factories|product-fields)(\.test)?\.ts$/

/** The owner of a schema file: 'modules/<unit>', 'http' or 'adapters/<unit>'. */
const ownerOf = (p) => (p.area === 'modules' || p.area === 'adapters' ? `${p.area}/${p.unit}` : p.area)

/** A repository-relative path ('apps/server/src/db/seed.ts') for a specifier, or null if not ours. */
function resolveTarget(specifier, importerRel) {
  const scoped = /^@kilat\/(domain|contract|server|web)(\/.*)?$/.exec(specifier)
  if (scoped) return WORKSPACES[scoped[1]] + (scoped[2] ?? '')
  if (!specifier.startsWith('.')) return null
  const rel = path.posix.normalize(path.posix.join(path.posix.dirname(importerRel), specifier))
  return rel.startsWith('../') ? null : rel
}

/** Where a repository-relative path sits in the architecture. */
function place(rel) {
  const parts = rel.split('/')
  const workspace = Object.keys(WORKSPACES).find((name) => rel === WORKSPACES[name] || rel.startsWith(WORKSPACES[name] + '/'))
  // apps/<app>/src/<area>/<unit>/<file...>: unit is the server module or the web feature.
  const inSrc = (workspace === 'server' || workspace === 'web') && parts[2] === 'src'
  return {
    rel,
    workspace,
    area: inSrc ? parts[3] : undefined,
    unit: inSrc ? parts[4] : undefined,
    file: inSrc ? parts.slice(5).join('/') : undefined,
  }
}

// The operations console (apps/web/src/ops/, docs/decisions/0015-ops-console.md) takes from shared/
// only what has no mobile UI in it: the API client (not its browser instance, which shows
// antd-mobile toasts), the formatting module, the translator with its React binding, and the
// router (docs/decisions/0024-own-router.md).
const OPS_SHARED = [/^api(\/(?!browser)|$)/, /^format(\/|$)/, /^i18n\/(translator|react)(\.tsx?)?$/, /^router(\/|$)/]
const BORROWER_AREAS = new Set(['app', 'features', 'shared'])
/** Ant Design (the console's library) and antd-mobile (the borrower app's) each stay on their side. */
const DESKTOP_UI = /^(antd|@ant-design\/[^/]+)(\/|$)/
const MOBILE_UI = /^antd-mobile(\/|$)/

/** A broken rule about a package (not our code) a web file imports, or null. */
function checkPackage(from, specifier) {
  if (from.workspace !== 'web') return null
  if (BORROWER_AREAS.has(from.area) && DESKTOP_UI.test(specifier)) return ['desktopUi', { from: from.area, target: specifier }]
  if (from.area === 'ops' && MOBILE_UI.test(specifier)) return ['mobileUi', { target: specifier }]
  return null
}

/** The first broken rule for one import, as [messageId, data], or null. */
function check(from, to, shown) {
  if (!to.workspace) return null
  if (from.workspace !== to.workspace) {
    if (from.workspace === 'domain') return ['domain', { target: shown }]
    if (from.workspace === 'contract') return to.workspace === 'domain' ? null : ['contract', { target: shown }]
    // From here the importer is an app: the shared packages are fine, the other app never is.
    return to.workspace === 'server' || to.workspace === 'web' ? ['crossApp', { from: from.workspace, to: to.workspace }] : null
  }

  if (from.workspace === 'server' && isSchema(to.rel) && ownerOf(from) !== ownerOf(to)) {
    // Tests are exempt as from the module rule (they set up rows); the layer rules below still hold.
    const exempt = isTest(from.rel) || SEED_COMPOSITION.test(from.rel) || (isSchema(from.rel) && to.area === 'modules' && from.area === 'modules')
    if (!exempt) return ['schema', { owner: ownerOf(to), file: to.rel.split('/').pop() }]
  }

  if (from.workspace === 'server' && to.area === 'modules' && to.unit) {
    // A module's own files are free; another module is reached only through its service file.
    if (from.area === 'modules' && from.file && from.unit !== to.unit && !isTest(from.rel) && !(isSchema(from.rel) && isSchema(to.rel))) {
      // '<b>.service.js' (as the server's imports are written), '.ts' or bare: all name that file.
      if (to.file.replace(/\.(js|ts)$/, '') !== `${to.unit}.service`) {
        return ['moduleService', { from: from.unit, to: to.unit, file: to.file || '(folder)' }]
      }
    }
    // The infrastructure below the modules never depends on them: modules build on it.
    if (from.area === 'db' && isSchema(to.rel) && SEED_COMPOSITION.test(from.rel)) return null
    if (from.area === 'db' || from.area === 'http' || from.area === 'adapters') {
      return ['lowerLayer', { area: from.area, to: to.unit }]
    }
  }

  if (from.workspace === 'web') {
    // The borrower app never reaches into the console: its code and texts would join their chunks.
    if (BORROWER_AREAS.has(from.area) && to.area === 'ops') return ['borrowerToOps', { from: from.area }]
    if (from.area === 'ops' && (to.area === 'app' || to.area === 'features')) return ['opsToBorrower', { to: to.area }]
    if (from.area === 'ops' && to.area === 'shared') {
      const target = [to.unit, to.file].filter(Boolean).join('/')
      if (!OPS_SHARED.some((allowed) => allowed.test(target))) return ['opsShared', { target: `shared/${target}` }]
    }
    // app composes features; features use shared; shared depends on neither.
    if (from.area === 'features' && from.file && to.area === 'features' && to.unit !== from.unit) {
      return ['feature', { from: from.unit, to: to.unit }]
    }
    if (from.area === 'features' && to.area === 'app') return ['featureToApp', { from: from.unit }]
    if (from.area === 'shared' && (to.area === 'features' || to.area === 'app')) {
      return ['sharedUp', { to: to.area === 'features' ? `features/${to.unit ?? ''}` : 'app/' }]
    }
  }
  return null
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Enforce the workspaces' and modules' import boundaries" },
    schema: [],
    messages: {
      domain: 'packages/domain stays independent of the other workspaces: it may not import {{target}}',
      contract: 'packages/contract may import @kilat/domain but no app: it may not import {{target}}',
      crossApp: 'apps/{{from}} may not import apps/{{to}}: the apps share only @kilat/contract and @kilat/domain',
      moduleService: 'modules/{{from}} may use modules/{{to}} only through {{to}}.service.ts, not {{file}}',
      schema: '{{file}} holds the tables of {{owner}}: others read or change them only through its service',
      lowerLayer: '{{area}}/ sits below the modules and may not import from modules/{{to}}',
      feature: 'features/{{from}} may not import from features/{{to}}: move what both need to shared/',
      featureToApp: 'features/{{from}} may not import from app/: app composes the features, not the other way round',
      sharedUp: 'shared/ may not import from {{to}}: features and app build on shared, not the other way round',
      borrowerToOps: '{{from}}/ may not import from ops/: the borrower app never loads the operations console',
      opsToBorrower: 'ops/ may not import from {{to}}/: the console shares only shared/api, shared/format, shared/i18n and shared/router with the borrower app',
      opsShared: 'ops/ may not import {{target}}: from shared/ it takes only the API client, shared/format, the translator and the router (no mobile UI)',
      desktopUi: '{{from}}/ may not import {{target}}: Ant Design is the console\'s (ops/) alone, the borrower app uses antd-mobile',
      mobileUi: 'ops/ may not import {{target}}: the console uses Ant Design, not antd-mobile',
    },
  },
  create(context) {
    const importerRel = path.relative(ROOT, context.physicalFilename ?? context.filename).split(path.sep).join('/')
    if (importerRel.startsWith('..') || path.isAbsolute(importerRel)) return {}
    const from = place(importerRel)
    if (!from.workspace) return {}

    function checkSource(node) {
      if (!node || typeof node.value !== 'string') return
      // A negated glob pattern excludes files: it imports nothing.
      if (node.value.startsWith('!')) return
      const targetRel = resolveTarget(node.value, importerRel)
      if (!targetRel) {
        const broken = checkPackage(from, node.value)
        if (broken) context.report({ node, messageId: broken[0], data: broken[1] })
        return
      }
      const broken = check(from, place(targetRel), node.value.startsWith('.') ? targetRel : node.value)
      if (broken) context.report({ node, messageId: broken[0], data: broken[1] })
    }

    return {
      ImportDeclaration: (node) => checkSource(node.source),
      ExportNamedDeclaration: (node) => checkSource(node.source),
      ExportAllDeclaration: (node) => checkSource(node.source),
      ImportExpression: (node) => checkSource(node.source),
      // `typeof import('x')` in a type still ties this file to x.
      TSImportType: (node) => checkSource(node.source),
      // Vite's import.meta.glob('../features/*/*.route.ts') imports every matching file.
      'CallExpression[callee.object.type="MetaProperty"][callee.property.name="glob"]'(node) {
        const first = node.arguments[0]
        for (const element of first?.type === 'ArrayExpression' ? first.elements : [first]) checkSource(element)
      },
    }
  },
}

export default { meta: { name: 'kilat' }, rules: { boundaries } }
