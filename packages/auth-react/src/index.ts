/**
 * `@mapping-platform/auth-react`: the platform session in React.
 *
 * ```tsx
 * <PlatformSessionProvider config={config} subSite="citystream">
 *   <RequireSession subSite="citystream"><App /></RequireSession>
 * </PlatformSessionProvider>
 * ```
 */
export { PlatformSessionProvider } from './PlatformSessionProvider'
export type { PlatformSessionProviderProps } from './PlatformSessionProvider'
export { useSession } from './useSession'
export { SignedIn } from './SignedIn'
export { SignedOut } from './SignedOut'
export { RequireSession } from './RequireSession'
export type { RequireSessionProps } from './RequireSession'
export type { SessionState, SessionStatus, SessionView } from './sessionState'
