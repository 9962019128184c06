import { fuzzGroup } from './suite.js'

fuzzGroup('ops-2')
