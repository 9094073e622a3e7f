/**
 * Finds a `Target` in the page, the same way in every engine: the index (among
 * `document.querySelectorAll(css)`) of the first rendered match whose accessible name fits, or -1.
 * Runs inside the page through `EnginePage.evaluate`, so it is self-contained.
 */
import type { Target } from './driver'

/** The in-page half: `target` → its index among the selector's matches, or -1. */
export function locateInPage(target: Target): number {
  const css = typeof target === 'string' ? target : target.css
  const wanted = typeof target === 'string' ? null : target.name
  const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label')
    if (label) return normal(label)
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy)
      return normal(
        labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      )
    const labels = (element as HTMLInputElement).labels
    if (labels && labels.length > 0) return normal(labels[0]!.textContent)
    return normal(element.textContent)
  }
  const fits = (element: Element): boolean => {
    if (wanted === null) return true
    const name = nameOf(element)
    return typeof wanted === 'string'
      ? name === wanted
      : new RegExp(wanted.pattern, wanted.flags ?? '').test(name)
  }
  const rendered = (element: Element): boolean =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
  const all = Array.from(document.querySelectorAll(css))
  return all.findIndex((element) => rendered(element) && fits(element))
}

/** Where `target` is now, as the adapters address it (`css` and the match's index). */
export function cssOf(target: Target): string {
  return typeof target === 'string' ? target : target.css
}

/**
 * Runs in the page: whether the `index`th match of `css` (as `locateInPage` found it, `cssOf` its
 * target) is disabled (its own `disabled`, a disabled fieldset's, or `aria-disabled`) or enabled.
 */
export function disabledInPage({ css, index }: { css: string; index: number }): string {
  const element = document.querySelectorAll(css)[index]
  if (!element) return 'not rendered'
  const disabled =
    element.matches(':disabled') || element.closest('[aria-disabled="true"]') !== null
  return disabled ? 'disabled' : 'enabled'
}
