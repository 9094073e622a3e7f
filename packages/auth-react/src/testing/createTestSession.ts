/**
 * The stub session's former names, kept for existing tests. They shared their names with
 * `@mapping-platform/auth-core/testing`'s `createTestSession`, `TestSession`,
 * `TestSessionOptions` and `TEST_USER`, which are a real session over fakes (another shape), so
 * a test importing from both read the wrong one's documentation.
 */
import type { SessionUser } from '@mapping-platform/auth-core/session'
import { createStubSession, STUB_USER } from './createStubSession'
import type { StubSession, StubSessionOptions } from './createStubSession'

/**
 * The former name of {@link createStubSession} (the same function).
 * @deprecated Use `createStubSession`: auth-core's `/testing` has a `createTestSession` of another shape.
 */
export const createTestSession: typeof createStubSession = createStubSession
/**
 * The former name of {@link StubSession}.
 * @deprecated Use `StubSession`.
 */
export type TestSession = StubSession
/**
 * The former name of {@link StubSessionOptions}.
 * @deprecated Use `StubSessionOptions`.
 */
export type TestSessionOptions = StubSessionOptions
/**
 * The former name of {@link STUB_USER} (the same value: no `name`, as the platform's scopes give).
 * @deprecated Use `STUB_USER`.
 */
export const TEST_USER: SessionUser = STUB_USER
