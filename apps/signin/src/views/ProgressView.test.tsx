import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProgressView } from './ProgressView'

describe('ProgressView', () => {
  it('announces its text as a status and gives the page its level-one heading', () => {
    render(<ProgressView text="Signing you in…" />)
    expect(screen.getByRole('status').textContent).toBe('Signing you in…')
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in…' })).toBeTruthy()
  })
})
