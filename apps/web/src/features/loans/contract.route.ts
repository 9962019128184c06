export { ContractPage as Component } from './contract-page'
export { loader } from './contract.data'
