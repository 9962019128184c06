import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the schema files below and applied at start by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/modules/staff/staff.schema.ts', './src/modules/audit/audit.schema.ts'],
  out: './drizzle',
})
