import { startOps } from './app/start'

void startOps()
