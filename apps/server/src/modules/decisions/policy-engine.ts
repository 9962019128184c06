import { evaluateUnaryExpressionSync, ZenEngine, type ZenDecision } from '@gorules/zen-engine'
import { POLICY_INPUTS, type PolicyProblem, type PolicyRule } from '@kilat/contract'
import { strictestBand, type Cents, type DecisionBand, type PolicyAnswer } from '@kilat/domain'

/**
 * The credit policy's engine (docs/decisions/0029-credit-policy-engine.md): a market's rows become
 * one GoRules decision table (JSON Decision Model, hit policy `collect`), run by the ZEN engine in
 * process. Every row whose conditions all hold answers its band, reason, maximum amount and id; the
 * policy's answer is the strictest band, the lowest amount and every reason.
 */

const engine = new ZenEngine()

/** A sample of each input's type: a condition is checked against it before a draft is kept. */
const SAMPLE: Record<(typeof POLICY_INPUTS)[number]['type'], unknown> = { number: 1, string: 'match', boolean: true }

/** The JDM document of a policy's rows: input → decision table → output. */
export function modelOf(rules: readonly PolicyRule[]): Record<string, unknown> {
  const inputs = POLICY_INPUTS.map((input, i) => ({ id: `in${i}`, name: input.field, field: input.field }))
  const outputs = [
    { id: 'band', name: 'Band', field: 'band' },
    { id: 'reason', name: 'Reason', field: 'reason' },
    { id: 'maxAmount', name: 'Maximum amount', field: 'maxAmount' },
    { id: 'rule', name: 'Rule', field: 'rule' },
  ]
  const rows = rules.map((rule) => {
    const row: Record<string, string> = {
      _id: rule.id,
      band: JSON.stringify(rule.band),
      reason: JSON.stringify(rule.reason),
      maxAmount: rule.maxAmount === null ? 'null' : String(rule.maxAmount),
      rule: JSON.stringify(rule.id),
    }
    POLICY_INPUTS.forEach((input, i) => {
      row[`in${i}`] = (rule.when as Record<string, string | undefined>)[input.field]?.trim() ?? ''
    })
    return row
  })
  return {
    contentType: 'application/vnd.gorules.decision',
    nodes: [
      { id: 'request', type: 'inputNode', name: 'Application', position: { x: 0, y: 0 } },
      { id: 'policy', type: 'decisionTableNode', name: 'Credit policy', position: { x: 300, y: 0 }, content: { hitPolicy: 'collect', inputs, outputs, rules: rows } },
      { id: 'response', type: 'outputNode', name: 'Decision', position: { x: 600, y: 0 } },
    ],
    edges: [
      { id: 'e1', sourceId: 'request', targetId: 'policy', type: 'edge' },
      { id: 'e2', sourceId: 'policy', targetId: 'response', type: 'edge' },
    ],
  }
}

/** The engine's words for an expression it cannot run: the message without its backtrace. */
function engineMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const json = /\{.*\}/.exec(text)?.[0]
  try {
    const parsed = json ? (JSON.parse(json) as { type?: string; source?: string }) : null
    if (parsed?.source) return parsed.source
  } catch {
    // not the engine's JSON: its first line
  }
  return text.split('\n')[0]!.slice(0, 200)
}

/**
 * Every condition of every row, run by the engine against a value of its input's type: an
 * expression it cannot parse, or that cannot compare with that type, is named by row and column.
 * Two rows with one id are named too (a decision stores the ids that fired).
 */
export function policyProblems(rules: readonly PolicyRule[]): PolicyProblem[] {
  const problems: PolicyProblem[] = []
  const seen = new Set<string>()
  rules.forEach((rule, ruleIndex) => {
    if (seen.has(rule.id)) problems.push({ ruleIndex, field: 'id', message: `another row is called ${rule.id}` })
    seen.add(rule.id)
    for (const input of POLICY_INPUTS) {
      const condition = (rule.when as Record<string, string | undefined>)[input.field]?.trim()
      if (!condition) continue
      try {
        const result: unknown = evaluateUnaryExpressionSync(condition, { $: SAMPLE[input.type] })
        if (typeof result !== 'boolean') problems.push({ ruleIndex, field: input.field, message: 'not a condition' })
      } catch (error) {
        problems.push({ ruleIndex, field: input.field, message: engineMessage(error) })
      }
    }
  })
  return problems
}

export interface PolicyResult extends PolicyAnswer {
  fired: Array<{ id: string; band: DecisionBand; reason: string }>
}

/** A policy ready to run. */
export interface CompiledPolicy {
  evaluate(inputs: Record<string, unknown>): Promise<PolicyResult>
}

/** The engine's decision of a model, kept per policy version: a version never changes. */
const compiled = new Map<number, CompiledPolicy>()

export function compilePolicy(model: Record<string, unknown>): CompiledPolicy {
  const decision: ZenDecision = engine.createDecision(model)
  return {
    async evaluate(inputs) {
      const { result } = (await decision.evaluate(inputs)) as { result: Array<{ band: DecisionBand; reason: string; maxAmount: number | null; rule: string }> }
      const fired = result.map((r) => ({ id: r.rule, band: r.band, reason: r.reason }))
      const limits = result.map((r) => r.maxAmount).filter((m): m is number => typeof m === 'number')
      return {
        band: strictestBand(fired.map((f) => f.band)),
        maxAmount: limits.length ? (Math.min(...limits) as Cents) : null,
        // an approving row speaks only when it limits the amount
        reasons: [...new Set(result.filter((r) => r.band !== 'approve' || typeof r.maxAmount === 'number').map((r) => r.reason))],
        fired,
      }
    },
  }
}

/** The compiled policy of a stored version. */
export function policyOf(policy: { id: number; model: Record<string, unknown> }): CompiledPolicy {
  let found = compiled.get(policy.id)
  if (!found) {
    found = compilePolicy(policy.model)
    compiled.set(policy.id, found)
  }
  return found
}
