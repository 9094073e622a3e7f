/** A small, calm spinner; still under `prefers-reduced-motion`. Decorative: the text beside it speaks. */
export function Spinner({ size = 'medium' }: { readonly size?: 'small' | 'medium' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />
}
