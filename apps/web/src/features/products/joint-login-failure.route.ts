export { JointLoginFailurePage as Component } from './joint-login-failure-page'
export { loader } from './joint-login-failure.data'
