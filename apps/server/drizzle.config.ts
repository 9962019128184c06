import { defineConfig } from 'drizzle-kit'

// Each table is defined by the module (or the lower layer) that owns it, in its `*.schema.ts`
// (docs/decisions/0013-module-tables.md); migrations are generated from all of them and applied at
// start by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.schema.ts',
  out: './drizzle',
})
