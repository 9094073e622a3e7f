import { describe, expect, it } from 'vitest'
import { createMemoryLock } from './createMemoryLock'
import { deferred } from '../testSupport/sessionTestKit'

describe('createMemoryLock', () => {
  it('runs tasks of the same name one after the other, in call order', async () => {
    const lock = createMemoryLock()
    const log: string[] = []
    const first = deferred<void>()
    const a = lock('x', async () => {
      log.push('a start')
      await first.promise
      log.push('a end')
      return 'a'
    })
    const b = lock('x', async () => {
      log.push('b')
      return 'b'
    })
    await Promise.resolve()
    expect(log).toEqual(['a start'])
    first.resolve()
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b'])
    expect(log).toEqual(['a start', 'a end', 'b'])
  })

  it('runs tasks of different names independently', async () => {
    const lock = createMemoryLock()
    const held = deferred<void>()
    const a = lock('x', () => held.promise)
    await expect(lock('y', async () => 'y')).resolves.toBe('y')
    held.resolve()
    await a
  })

  it('after a task rejects: passes the rejection on and still runs the next task', async () => {
    const lock = createMemoryLock()
    const failed = lock('x', () => Promise.reject(new Error('boom')))
    const next = lock('x', async () => 'next')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('next')
  })
})
