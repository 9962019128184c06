export { RepayDelayPage as Component } from './repay-delay-page'
export { loader } from './repay-delay.data'
