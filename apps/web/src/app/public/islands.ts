/**
 * The public pages' islands (docs/decisions/0011-public-pages.md): each a build input of its own
 * (vite.config.ts), named by its source file as Vite's manifest names it.
 */
export const ISLAND_FILES = {
  'public-site': 'src/islands/public-site.ts',
  register: 'src/islands/register.ts',
} as const

export type Island = keyof typeof ISLAND_FILES
