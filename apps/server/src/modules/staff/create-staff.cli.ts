import { parseArgs } from 'node:util'
import { LOCALES, MARKETS, isLocale, isMarket, type Locale, type Market } from '@kilat/domain'
import { STAFF_ROLES, type StaffRole } from '@kilat/contract'
import { ConfigError, loadConfigOrExit, requireSecrets } from '../../config.js'
import { openDatabase } from '../../db/client.js'
import { migrateDatabase } from '../../db/migrate.js'
import { AppError } from '../../http/errors.js'
import { productsNote } from './create-staff.notes.js'
import { SYSTEM_ACTOR, createStaff, enrolmentPath } from './staff.service.js'

/**
 * `npm run staff:create -- --email … --role admin --markets ID[,IN,MX] [--language en] [--url https://…]`
 * (docs/product/operations.md#commands): creates a staff account on the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR) and prints its one-time enrolment link. A
 * server without demo mode has no account until this makes the first admin, and no product: an
 * admin's link comes with where to create them (docs/operations/going-live.md#the-first-admin-and-the-products).
 */
const USAGE = `usage: npm run staff:create -- --email <email> --role <${STAFF_ROLES.join('|')}> --markets <${MARKETS.join(',')}> [--language <${LOCALES.join('|')}>] [--url <public address>]`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, markets: { type: 'string' }, language: { type: 'string' }, url: { type: 'string' } },
    strict: true,
  })
  const email = values.email?.trim().toLowerCase() ?? ''
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) fail(`--email must be an email address\n${USAGE}`)
  const role = values.role as StaffRole
  if (!STAFF_ROLES.includes(role)) fail(`--role must be one of ${STAFF_ROLES.join(', ')}\n${USAGE}`)
  const markets = [...new Set((values.markets ?? '').split(',').map((m) => m.trim().toUpperCase()))]
  if (markets.length === 0 || !markets.every(isMarket)) fail(`--markets must be a comma-separated list of ${MARKETS.join(', ')}\n${USAGE}`)
  const language = (values.language ?? 'en').toLowerCase()
  if (!isLocale(language)) fail(`--language must be one of ${LOCALES.join(', ')}\n${USAGE}`)

  const config = loadConfigOrExit(process.env)
  let secrets
  try {
    secrets = requireSecrets(config)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const base = (values.url ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')
  const database = await openDatabase(config)
  try {
    await migrateDatabase(database)
    const created = await createStaff(
      { db: database.db, now: () => new Date(), secrets },
      { email, role, markets: markets as Market[], language: language as Locale },
      SYSTEM_ACTOR,
    )
    process.stdout.write(
      `Created ${created.account.role} ${created.account.email} (${created.account.markets.join(', ')}).\n` +
        `One-time enrolment link, valid until ${created.enrolmentExpiresAt.toISOString()}:\n` +
        `${base}${enrolmentPath(created.enrolmentToken)}\n`,
    )
    // a fresh install offers borrowers nothing until admins publish products: the admin is told where
    if (role === 'admin') process.stdout.write(await productsNote(database.db, markets as Market[], base))
  } catch (error) {
    if (error instanceof AppError && error.key === 'staffEmailTaken') fail(`A staff account with the email ${email} already exists.`)
    throw error
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error('staff:create failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
