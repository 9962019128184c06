import { fuzzGroup } from './suite.js'

fuzzGroup('ops-1')
