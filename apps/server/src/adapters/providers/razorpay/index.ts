/** What the server wires in for India (docs/operations/providers/razorpay.md). */
export { RAZORPAY, RazorpayGateway } from './razorpay-gateway.js'
export { RAZORPAYX, RazorpayXPayouts, type PayoutDestination, type RazorpayPayoutInput } from './razorpayx-payouts.js'
export { RAZORPAY_VARIABLES, readRazorpaySettings, type RazorpaySettings } from './settings.js'
export { REASON_TEXT, RazorpayRefused, type RazorpayReason } from './errors.js'
export type { RazorpayOptions } from './client.js'
