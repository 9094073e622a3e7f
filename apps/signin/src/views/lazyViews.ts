/**
 * The MFA views are split off the first load: most sign-ins never need them. Each is fetched when
 * its step is first shown (about 1 KB gzipped each), so a password-only sign-in never fetches any.
 */
import { lazy } from 'react'

const loadCode = () => import('./CodeStep')
const loadFactorChoice = () => import('./FactorChoiceStep')
const loadQr = () => import('./QrEnrollStep')
// The account situations: rare, so each is its own chunk like the MFA views.
const loadPasswordExpired = () => import('./PasswordExpiredStep')
const loadLocked = () => import('./LockedStep')
const loadUnlockSent = () => import('./UnlockSentStep')
const loadSignedIn = () => import('./SignedInStep')

export const LazyCodeStep = lazy(() => loadCode().then((module) => ({ default: module.CodeStep })))
export const LazyFactorChoiceStep = lazy(() =>
  loadFactorChoice().then((module) => ({ default: module.FactorChoiceStep })),
)
export const LazyQrEnrollStep = lazy(() =>
  loadQr().then((module) => ({ default: module.QrEnrollStep })),
)
export const LazyPasswordExpiredStep = lazy(() =>
  loadPasswordExpired().then((module) => ({ default: module.PasswordExpiredStep })),
)
export const LazyLockedStep = lazy(() =>
  loadLocked().then((module) => ({ default: module.LockedStep })),
)
export const LazyUnlockSentStep = lazy(() =>
  loadUnlockSent().then((module) => ({ default: module.UnlockSentStep })),
)
export const LazySignedInStep = lazy(() =>
  loadSignedIn().then((module) => ({ default: module.SignedInStep })),
)
