export { PayoutAccountPage as Component } from './payout-account-page'
export { loader } from './payout-account.data'
