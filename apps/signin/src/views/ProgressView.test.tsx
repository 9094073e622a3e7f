import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProgressView } from './ProgressView'

describe('ProgressView', () => {
  // The page's status region announces it (see a11y/screenReader.test.tsx): no live region of its own.
  it('gives the page its level-one heading, and is no live region of its own', () => {
    render(<ProgressView text="Signing you in…" />)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeTruthy()
  })
})
