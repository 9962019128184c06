import { z } from 'zod'

type Fields = Record<string, unknown>

/**
 * One value a schema accepts, read from the schema itself, so that a call's valid request follows
 * its contract when a field changes. Fields whose value must be a record that exists (an order
 * number, a complaint id) or match a pattern come from `known`, by field name.
 */
export function sampleOf(schema: z.ZodType, known: Fields = {}, name = ''): unknown {
  // a known value by its name, where this schema takes it (two calls may give a name two meanings)
  if (name && name in known && schema.safeParse(known[name]).success) return known[name]
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>
      return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sampleOf(s, known, k)]))
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType as z.ZodType, known, name)
    case 'pipe': {
      // a preprocess is a transform in front: the schema after it says what is accepted
      const inner = def.in as z.ZodType
      const innerType = (inner as unknown as { _zod: { def: { type: string } } })._zod.def.type
      return sampleOf(innerType === 'transform' ? (def.out as z.ZodType) : inner, known, name)
    }
    case 'string': {
      const s = schema as z.ZodString
      const min = s.minLength ?? 1
      const max = s.maxLength ?? 16
      return 'fuzz'.repeat(8).slice(0, Math.max(1, Math.min(max, Math.max(min, 4))))
    }
    case 'email':
      return 'fuzz@staff.test'
    case 'number': {
      const n = schema as z.ZodNumber
      const min = Number.isFinite(n.minValue) ? (n.minValue as number) : 0
      const max = Number.isFinite(n.maxValue) ? (n.maxValue as number) : min + 10
      return Math.min(max, Math.max(min, 1))
    }
    case 'boolean':
      return true
    case 'enum':
      return (schema as z.ZodEnum).options[0]
    case 'literal':
      return (def.values as unknown[])[0]
    case 'union':
      return sampleOf((def.options as z.ZodType[])[0]!, known, name)
    case 'array': {
      const a = schema as z.ZodArray<z.ZodType>
      const min = (a as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag.minimum ?? 0
      return Array.from({ length: Math.max(min, 1) }, () => sampleOf(a.element, known))
    }
    case 'intersection':
      return { ...(sampleOf(def.left as z.ZodType, known) as Fields), ...(sampleOf(def.right as z.ZodType, known) as Fields) }
    default:
      return undefined
  }
}
