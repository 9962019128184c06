import { afterAll, beforeAll, describe, it } from 'vitest'
import { CALL_OPTIONS, callsOf } from './calls.js'
import { FUZZ_RUNS, FUZZ_SEED, fuzzCall, openFuzzEnv, type FuzzEnv } from './harness.js'

let env: FuzzEnv

beforeAll(async () => {
  env = await openFuzzEnv()
})

afterAll(async () => {
  await env?.close()
})

describe(`bad input to the borrower-1 calls (seed ${FUZZ_SEED}, ${FUZZ_RUNS} each)`, () => {
  it.each(callsOf('borrower-1').map((call) => [`${call.method} ${call.path}`, call] as const))('%s', async (_name, call) => {
    await fuzzCall(env, call, CALL_OPTIONS.get(call))
  }, 120_000)
})
