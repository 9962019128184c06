export { IndividualPage as Component } from './individual-page'
export { loader } from './individual.data'
