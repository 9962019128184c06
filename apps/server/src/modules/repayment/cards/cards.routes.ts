import type { FastifyInstance } from 'fastify'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'

/** Card repay (spec 7.3, 4.3): the borrower's cards, commit, the SMS code, the hosted page. */
export function cardCalls(_app: FastifyInstance, _gateway: PaymentGateway): void {}
