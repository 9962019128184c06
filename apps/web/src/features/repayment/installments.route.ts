export { InstallmentsPage as Component } from './installments-page'
export { loader } from './installments.data'
