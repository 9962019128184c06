import { fuzzGroup } from './suite.js'

fuzzGroup('borrower-1')
