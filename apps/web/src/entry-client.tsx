import 'antd-mobile/es/global'
import './shared/ui/global.css'
import { startClient } from './app/start-client'

void startClient()
