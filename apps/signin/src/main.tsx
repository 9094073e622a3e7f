import './styles/index.css'
import { buildEnv } from './config'
import { startApp } from './startApp'

const container = document.getElementById('root')
// The page is already painted (the email step is prerendered): start the app in a task of its own,
// so evaluating the bundle and starting the app are two short tasks rather than one long one.
if (container) setTimeout(() => startApp(container, { env: buildEnv() }), 0)
