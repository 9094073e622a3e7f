/**
 * The id of the template holding the prerendered "Signing you in…" card (`prerenderSigningIn`,
 * written into each page by build/prerenderPlugin.ts). Back from a provider with a code, the
 * inline loader (build/scriptsAfterFirstFrame.ts) shows a copy of it in place of the prerendered
 * email step before the first frame: the page says what it is doing from its first paint, never
 * flashes a step the person has left, and that frame costs only a small card; React then renders
 * the same view for the flow's step, replacing it.
 */
export const SIGNING_IN_TEMPLATE = 'signing-in'
