import './styles/index.css'
import { buildEnv } from './config'
import { startApp } from './startApp'

const container = document.getElementById('root')
if (container) startApp(container, { env: buildEnv() })
