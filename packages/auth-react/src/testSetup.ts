// Testing Library unmounts after each test only by itself when test globals are on; they are not.
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(cleanup)
