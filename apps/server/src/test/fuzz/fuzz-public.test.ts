import { fuzzGroup } from './suite.js'

fuzzGroup('public')
