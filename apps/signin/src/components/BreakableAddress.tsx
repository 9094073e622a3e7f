import { Fragment } from 'react'

/**
 * An email address (or any identifier) that may wrap where a reader expects it: before each `@`
 * and `.` (a `<wbr>`, as style guides break addresses), never mid-word unless one part alone is
 * wider than the line (the CSS's `overflow-wrap: anywhere` is the last resort). Left to right
 * whatever the page's direction; the text itself is unchanged (copying it gives the address).
 * The parts stay inline (no inline blocks inside), so the accessible name reads the address
 * without spaces in it.
 */
export function BreakableAddress({
  address,
  className,
}: {
  readonly address: string
  readonly className?: string
}) {
  const parts = address.split(/(?=[@.])/)
  return (
    <span className={className} dir="ltr">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
