export { RelevantPage as Component } from './relevant-page'
export { loader } from './relevant.data'
