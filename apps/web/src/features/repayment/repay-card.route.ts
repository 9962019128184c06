export { RepayCardPage as Component } from './repay-card-page'
export { loader } from './repay-card.data'
