/**
 * The MFA views are split off the first load: most sign-ins never need them. Each is fetched when
 * its step is first shown (about 1 KB gzipped each), so a password-only sign-in never fetches any.
 */
import { lazy } from 'react'

const loadCode = () => import('./CodeStep')
const loadFactorChoice = () => import('./FactorChoiceStep')
const loadQr = () => import('./QrEnrollStep')

export const LazyCodeStep = lazy(() => loadCode().then((module) => ({ default: module.CodeStep })))
export const LazyFactorChoiceStep = lazy(() =>
  loadFactorChoice().then((module) => ({ default: module.FactorChoiceStep })),
)
export const LazyQrEnrollStep = lazy(() =>
  loadQr().then((module) => ({ default: module.QrEnrollStep })),
)
