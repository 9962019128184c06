/**
 * The operator's commands and the server, by the name of their built file in dist/
 * (docs/product/platform.md#deploy): apps/server/build.mjs builds each, scripts/operator.mjs runs
 * one.
 */
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  'staff-create': 'src/modules/staff/create-staff.cli.ts',
  'audit-verify': 'src/modules/audit/verify-audit.cli.ts',
  'secrets-rotate': 'src/modules/secrets/rotate-secrets.cli.ts',
  backup: '../../scripts/backup/backup.ts',
  restore: '../../scripts/backup/restore.ts',
  'providers-check': 'src/adapters/providers/check.cli.ts',
}
