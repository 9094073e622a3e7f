/**
 * The entry: the flow starts in this very task (`startPage`: on a return from a provider its
 * request leaves from here), and the views (React, `startApp.tsx`, their own chunk, preloaded by
 * index.html) render it once they arrive.
 */
import './styles/index.css'
import { buildEnv } from './config'
import { startPage } from './startPage'

const container = document.getElementById('root')
if (container) void startPage(container, { env: buildEnv() }, () => import('./startApp'))
