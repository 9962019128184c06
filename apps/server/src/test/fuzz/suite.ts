import { afterAll, beforeAll, describe, it } from 'vitest'
import { CALL_OPTIONS, callsOf, type FuzzGroup } from './calls.js'
import { FUZZ_RUNS, FUZZ_SEED, fuzzCall, openFuzzEnv, type FuzzEnv } from './harness.js'

/** One fuzz file: one seeded app, then each call of the group in turn (the seed is in the title). */
export function fuzzGroup(group: FuzzGroup): void {
  let env: FuzzEnv

  beforeAll(async () => {
    env = await openFuzzEnv()
  })

  afterAll(async () => {
    await env?.close()
  })

  describe(`bad input to the ${group} calls (FUZZ_SEED=${FUZZ_SEED}, ${FUZZ_RUNS} each)`, () => {
    it.each(callsOf(group).map((call) => [`${call.method} ${call.path}`, call] as const))(
      '%s',
      async (_name, call) => {
        await fuzzCall(env, call, CALL_OPTIONS.get(call))
      },
      120_000,
    )
  })
}
