/**
 * Instant decisions (docs/product/decisions.md): what other parts of the server use of this module.
 * The order job's step is handed in where the job is started (server.ts, tests), so that the orders
 * module never imports this one.
 */
export { decisionStep, decideBatch, type DecideDeps } from './decide.js'
export { paidOnDay } from './decide.js'
