export { BindBankPage as Component } from './bind-bank-page'
export { loader } from './bind-bank.data'
