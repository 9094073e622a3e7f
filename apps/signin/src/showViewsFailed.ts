/**
 * When the views' chunk (React and the steps) cannot be loaded (offline, a deploy that replaced
 * the files, a refused integrity), the entry shows the card the build prerendered for it in the
 * page's language (`prerenderViewsFailed`, in `<template id="views-failed">`): the network message
 * and "Try again", which reloads the page. Nothing of it needs the network or React, and no
 * string reaches an HTML sink (a clone of parser-made nodes).
 */

/** The id of the template holding the prerendered card (build/prerenderPlugin.ts writes it). */
export const VIEWS_FAILED_TEMPLATE = 'views-failed'

/**
 * Shows the prerendered card in place of `container`, its button reloading the page and focused.
 * In place of, not inside: the loader holds clicks on buttons inside the root until React has it
 * (build/scriptsAfterFirstFrame.ts), and React never will. False when the page has no template
 * (the dev server does not prerender).
 */
export function showViewsFailed(container: HTMLElement, reload: () => void): boolean {
  const template = container.ownerDocument.getElementById(VIEWS_FAILED_TEMPLATE)
  if (!(template instanceof HTMLTemplateElement)) return false
  const card = template.content.cloneNode(true) as DocumentFragment
  const button = card.querySelector('button')
  button?.addEventListener('click', reload)
  container.replaceWith(card)
  button?.focus()
  return true
}
