/**
 * The MFA views are split off the first load: most sign-ins never need them. They are fetched
 * while the password is being checked, so MFA appears at once.
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

/** Fetches the MFA chunks when the browser is idle. */
export function prefetchMfaViews(whenIdle: (callback: () => void) => void): void {
  whenIdle(() => {
    void loadCode()
    void loadFactorChoice()
    void loadQr()
  })
}
