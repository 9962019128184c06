import { fileURLToPath } from 'node:url'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, it } from 'vitest'
import plugin from './boundaries.js'

// RuleTester runs its cases as vitest tests.
RuleTester.afterAll = afterAll
RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

// The rule places files by their path in the repository, so cases name real-looking files in it.
const root = fileURLToPath(new URL('../../', import.meta.url))
const at = (file, code) => ({ filename: root + file, code })
const bad = (file, code, ...errors) => ({ ...at(file, code), errors: errors.map((e) => (e.includes(' ') ? { message: e } : { messageId: e })) })

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })

ruleTester.run('kilat/boundaries', plugin.rules.boundaries, {
  valid: [
    // Workspaces: the shared packages are open to those above them.
    at('packages/domain/src/loan.ts', "import { cents } from './money.js'"),
    at('packages/domain/src/loan.ts', "import { z } from 'zod'"),
    at('packages/contract/src/loans.ts', "import { cents } from '@kilat/domain'"),
    at('apps/server/src/http/errors.ts', "import { ERRORS } from '@kilat/contract'"),
    at('apps/web/src/features/loans/params.ts', "import { isMarket } from '@kilat/domain'\nimport { loanDetails } from '@kilat/contract'"),
    // Server modules: own files freely, another module through its service only.
    at('apps/server/src/modules/loans/loans.service.ts', "import { termsOf } from '../products/products.service.js'"),
    at('apps/server/src/modules/loans/loans.routes.ts', "import type { X } from '../products/products.service.ts'"),
    at('apps/server/src/modules/loans/loans.routes.ts', "import * as repo from './loans.repo.js'\nimport { LOAN_TEXTS } from './loan-texts.js'"),
    // Tests may reach into another module's repo to set up data (exemption of rule 4).
    at('apps/server/src/modules/loans/loans.test.ts', "import { findProduct } from '../products/products.repo.js'"),
    at('apps/server/src/test/setup-db.ts', "import { findProduct } from '../modules/products/products.repo.js'"),
    // The composition root wires the modules; modules build on db/ and http/.
    at('apps/server/src/app.ts', "import { loansRoutes } from './modules/loans/loans.routes.js'"),
    at('apps/server/src/modules/auth/auth.service.ts', "import type { Db } from '../../db/client.js'\nimport { AppError } from '../../http/errors.js'"),
    at('apps/server/src/http/sessions.ts', "import type { Db } from '../db/client.js'"),
    // Tables: the owner's files use its schema; another schema file may point a foreign key at it;
    // the seed's composition fills every area's tables; tests set up rows (all of rule 8).
    at('apps/server/src/modules/orders/orders.repo.ts', "import { orders, orderPeriods } from './orders.schema.js'"),
    at('apps/server/src/modules/repayment/cards/cards.repo.ts', "import { bankCards } from '../repayment.schema.js'"),
    at('apps/server/src/modules/repayment/repayment.schema.ts', "import { orders } from '../orders/orders.schema.js'"),
    at('apps/server/src/modules/orders/orders.service.ts', "export type { Order } from './orders.schema.js'"),
    at('apps/server/src/modules/loans/details.ts', "import { orderColumns, type Order } from '../orders/orders.service.js'"),
    at('apps/server/src/http/throttle.ts', "import { rateLimits } from './throttle.schema.js'"),
    at('apps/server/src/adapters/sms/outbox-sms-sender.ts', "import { smsOutbox } from './sms-outbox.schema.js'"),
    at('apps/server/src/db/seed.ts', "import { orders } from '../modules/orders/orders.schema.js'"),
    at('apps/server/src/db/factories.ts', "import { products } from '../modules/products/products.schema.js'"),
    at('apps/server/src/db/seed.test.ts', "import { borrowers } from '../modules/auth/auth.schema.js'"),
    at('apps/server/src/modules/loans/loans.test.ts', "import { orders } from '../orders/orders.schema.js'"),
    at('apps/server/src/modules/repayment/test-helpers.ts', "import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'"),
    at('apps/server/src/test/setup-db.ts', "import { products } from '../modules/products/products.schema.js'"),
    // Web: app composes features (also through Vite's glob); features use shared and their own files.
    at('apps/web/src/app/routes.ts', "import type { AppLoadContext } from '../shared/router-context'\nconst m = import.meta.glob('../features/*/*.route.ts')"),
    at('apps/web/src/features/loans/components/agreements.tsx', "import type { Contracts } from '../api/get-contracts'\nimport { useApi } from '../../../shared/api'"),
    at('apps/web/src/shared/ui/cost-summary.tsx', "import { formatMoney } from '../format'"),
    at('apps/web/src/test/render-app.tsx', "import { createRoutes } from '../app/routes'"),
    // The console: its own files, Ant Design, and from shared/ the API client, formatting and translator.
    at('apps/web/src/ops/app/layout.tsx', "import { Layout } from 'antd'\nimport { useApi } from '../../shared/api'\nimport { screensOf } from './menu'"),
    at('apps/web/src/ops/app/api.ts', "import { createApiClient } from '../../shared/api/client'\nimport { staffMe } from '@kilat/contract'"),
    at('apps/web/src/ops/staff/staff-page.tsx', "import { formatDateTime } from '../../shared/format'\nimport { useOpsText } from '../app/i18n'"),
    at('apps/web/src/ops/app/layout.tsx', "import { Link, Outlet } from '../../shared/router'"),
    at('apps/web/src/ops/app/i18n.tsx', "import { Translator } from '../../shared/i18n/translator'\nimport { I18nProvider } from '../../shared/i18n/react'\nimport { SearchOutlined } from '@ant-design/icons'"),
    at('apps/web/src/features/loans/loan-detail-page.tsx', "import Button from 'antd-mobile/es/components/button'"),
    at('apps/web/src/ops/test/render-ops.tsx', "import { server } from '../../test/msw'"),
    // Files outside the workspaces are not the rule's business.
    at('scripts/size.mjs', "import { x } from '../apps/server/src/modules/loans/loans.repo.js'"),
  ],
  invalid: [
    // 1. domain imports no other workspace.
    bad('packages/domain/src/loan.ts', "import { ERRORS } from '@kilat/contract'",
      'packages/domain stays independent of the other workspaces: it may not import @kilat/contract'),
    bad('packages/domain/src/loan.ts', "import type { Config } from '../../../apps/server/src/config.js'",
      'packages/domain stays independent of the other workspaces: it may not import apps/server/src/config.js'),
    bad('packages/domain/src/index.ts', "export * from '@kilat/web'", 'domain'),
    // 2. contract may use domain, but no app.
    bad('packages/contract/src/errors.ts', "import { AppError } from '../../../apps/server/src/http/errors.js'",
      'packages/contract may import @kilat/domain but no app: it may not import apps/server/src/http/errors.js'),
    bad('packages/contract/src/call.ts', "import type { X } from '@kilat/web'", 'contract'),
    // 3. the apps never import each other, by name, by path or dynamically.
    bad('apps/web/src/features/loans/params.ts', "import { loadConfig } from '../../../../server/src/config.js'",
      'apps/web may not import apps/server: the apps share only @kilat/contract and @kilat/domain'),
    bad('apps/web/src/shared/api/client.ts', "import type { X } from '@kilat/server'", 'crossApp'),
    bad('apps/server/src/modules/pages/pages.plugin.ts', "const m = await import('../../../../web/src/entry-server.tsx')", 'crossApp'),
    // 4. another module only through its service: repo, routes, texts, job or folder are refused.
    bad('apps/server/src/modules/loans/loans.service.ts', "import { findProduct } from '../products/products.repo.js'",
      'modules/loans may use modules/products only through products.service.ts, not products.repo.js'),
    bad('apps/server/src/modules/loans/loans.service.ts', "import { PRODUCT_TEXTS } from '../products/product-texts.js'",
      'modules/loans may use modules/products only through products.service.ts, not product-texts.js'),
    bad('apps/server/src/modules/loans/loans.routes.ts', "import { productsRoutes } from '../products/products.routes.js'", 'moduleService'),
    bad('apps/server/src/modules/products/products.service.ts', "import { startOrderJob } from '../orders/orders.job.js'", 'moduleService'),
    bad('apps/server/src/modules/loans/loans.service.ts', "import { x } from '../products'",
      'modules/loans may use modules/products only through products.service.ts, not (folder)'),
    bad('apps/server/src/modules/loans/loans.service.ts', "import { x } from '../products/loans.service.js'", 'moduleService'),
    bad('apps/server/src/modules/loans/loans.service.ts', "type Repo = typeof import('../products/products.repo.js')", 'moduleService'),
    bad('apps/server/src/modules/loans/loan-texts.ts', "export { findProduct } from '../products/products.repo.js'", 'moduleService'),
    // 5. db/ imports nothing from the modules, not even a service, and in tests too.
    bad('apps/server/src/db/seed.ts', "import { saveProductByCode } from '../modules/products/products.service.js'",
      'db/ sits below the modules and may not import from modules/products'),
    bad('apps/server/src/db/seed.test.ts', "import { runOrderJob } from '../modules/orders/orders.service.js'", 'lowerLayer'),
    // 6. nor do http/ and adapters/.
    bad('apps/server/src/http/sessions.ts', "import { x } from '../modules/auth/auth.service.js'",
      'http/ sits below the modules and may not import from modules/auth'),
    bad('apps/server/src/adapters/sms/sms-sender.ts', "import { loginCodeText } from '../../modules/auth/sms-text.js'",
      'adapters/ sits below the modules and may not import from modules/auth'),
    // 8. a table is its owner's: no other module, layer or db/ file (but the seed's) imports its schema.
    bad('apps/server/src/modules/complaints/complaints.repo.ts', "import { orders } from '../orders/orders.schema.js'",
      'orders.schema.js holds the tables of modules/orders: others read or change them only through its service'),
    bad('apps/server/src/modules/repayment/cards/checkout-page.ts', "import { borrowers } from '../../auth/auth.schema.ts'", 'schema'),
    bad('apps/server/src/modules/loans/details.ts', "import type { Order } from '../orders/orders.schema.js'", 'schema'),
    bad('apps/server/src/modules/demo/demo.routes.ts', "import { smsOutbox } from '../../adapters/sms/sms-outbox.schema.js'",
      'sms-outbox.schema.js holds the tables of adapters/sms: others read or change them only through its service'),
    bad('apps/server/src/adapters/payments/sandbox-gateway.ts', "import { paymentAccounts } from '../../modules/repayment/repayment.schema.js'", 'schema'),
    bad('apps/server/src/adapters/sms/outbox-sms-sender.ts', "import { rateLimits } from '../../http/throttle.schema.js'",
      'throttle.schema.js holds the tables of http: others read or change them only through its service'),
    bad('apps/server/src/http/sessions.ts', "import { sessions } from '../modules/auth/auth.schema.js'", 'schema'),
    bad('apps/server/src/db/client.ts', "import * as orders from '../modules/orders/orders.schema.js'", 'schema'),
    bad('apps/server/src/db/migrate.ts', "import { orders } from '../modules/orders/orders.schema'", 'schema'),
    // a test is exempt from the owner rule, not from the layers: http/ still does not reach a module
    bad('apps/server/src/http/sessions.test.ts', "import { sessions } from '../modules/auth/auth.schema.js'", 'lowerLayer'),
    // 7. web: no feature uses another, shared uses neither features nor app, features not app.
    bad('apps/web/src/features/loans/components/recommended-products.tsx', "import { ProductList } from '../../products/components/product-list'",
      'features/loans may not import from features/products: move what both need to shared/'),
    bad('apps/web/src/features/loans/loan-detail.test.tsx', "import { x } from '../products/relevant.data'", 'feature'),
    bad('apps/web/src/features/products/relevant.route.ts', "export { loader } from '../loans/loan-detail.data'", 'feature'),
    bad('apps/web/src/shared/ui/page-frame.tsx', "import { parseParams } from '../../features/loans/params'",
      'shared/ may not import from features/loans: features and app build on shared, not the other way round'),
    bad('apps/web/src/shared/router-context.ts', "import type { RouteHandle } from '../app/routes'",
      'shared/ may not import from app/: features and app build on shared, not the other way round'),
    bad('apps/web/src/shared/screens.ts', "const all = import.meta.glob(['../features/*/*.route.ts', '!../features/x/*'])",
      'shared/ may not import from features/*: features and app build on shared, not the other way round'),
    bad('apps/web/src/features/loans/loan-detail.ssr.test.tsx', "import { startClient } from '../../app/start-client'",
      'features/loans may not import from app/: app composes the features, not the other way round'),
    // 9. the borrower app never imports the console, nor Ant Design; the console no mobile UI.
    bad('apps/web/src/app/routes.ts', "const ops = () => import('../ops/app/start')",
      'app/ may not import from ops/: the borrower app never loads the operations console'),
    bad('apps/web/src/features/complaints/complaint-list-page.tsx', "import { DeadlineTag } from '../../ops/complaints/deadline'", 'borrowerToOps'),
    bad('apps/web/src/shared/api/client.ts', "import type { OpsCallError } from '../../ops/app/api'", 'borrowerToOps'),
    bad('apps/web/src/features/loans/loan-detail-page.tsx', "import { Table } from 'antd'",
      "features/ may not import antd: Ant Design is the console's (ops/) alone, the borrower app uses antd-mobile"),
    bad('apps/web/src/shared/ui/modal.tsx', "import Modal from 'antd/es/modal'", 'desktopUi'),
    bad('apps/web/src/app/root.tsx', "import { StyleProvider } from '@ant-design/cssinjs'", 'desktopUi'),
    bad('apps/web/src/ops/app/layout.tsx', "import Toast from 'antd-mobile/es/components/toast'",
      'ops/ may not import antd-mobile/es/components/toast: the console uses Ant Design, not antd-mobile'),
    bad('apps/web/src/ops/app/layout.tsx', "import { PageFrame } from '../../shared/ui/page-frame'",
      'ops/ may not import shared/ui/page-frame: from shared/ it takes only the API client, shared/format, the translator and the router (no mobile UI)'),
    bad('apps/web/src/ops/app/api.ts', "import { browserApi } from '../../shared/api/browser'", 'opsShared'),
    bad('apps/web/src/ops/app/i18n.tsx', "import { createTranslator } from '../../shared/i18n'", 'opsShared'),
    bad('apps/web/src/ops/app/layout.tsx', "import { useMarket } from '../../shared/market'", 'opsShared'),
    bad('apps/web/src/ops/orders/order-page.tsx', "import { parseParams } from '../../features/loans/params'",
      'ops/ may not import from features/: the console shares only shared/api, shared/format, shared/i18n and shared/router with the borrower app'),
    bad('apps/web/src/ops/app/routes.tsx', "import { Root } from '../../app/root'", 'opsToBorrower'),
  ],
})
