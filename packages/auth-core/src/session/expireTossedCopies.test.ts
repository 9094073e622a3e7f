import { describe, expect, it } from 'vitest'
import { expireTossedCopies } from './expireTossedCopies'
import { recordingJar } from '../testSupport/sessionTestKit'
import type { TossedCookie } from '../testSupport/sessionTestKit'

const config = { parentDomain: '.example.com', localMode: false }
const NAMES = ['access_token', 'refresh_token']
const atDeeper = (name: string, domain?: string): TossedCookie => ({
  name,
  value: 'tossed',
  path: '/deeper',
  ...(domain === undefined ? {} : { domain }),
})

describe('expireTossedCopies', () => {
  it('with one copy of each name: nothing ambiguous, nothing removed', () => {
    const jar = recordingJar({ access_token: 'at', refresh_token: 'rt' })
    expect(expireTossedCopies(jar, config, NAMES, '/deeper/page')).toEqual([])
    expect(jar.removals).toEqual([])
  })

  it('a copy tossed in at an ancestor path of the page: expired there, ours at / kept, nothing left ambiguous', () => {
    const jar = recordingJar({ access_token: 'at', refresh_token: 'rt' }, [
      atDeeper('refresh_token', '.example.com'),
    ])
    expect(expireTossedCopies(jar, config, NAMES, '/deeper/page')).toEqual([])
    expect(jar.tossed).toEqual([])
    expect(jar.removals).toContainEqual({
      name: 'refresh_token',
      domain: '.example.com',
      path: '/deeper',
    })
    expect(jar.removals.every((removal) => removal.name === 'refresh_token')).toBe(true)
    expect(jar.values.get('refresh_token')).toBe('rt')
  })

  it('a copy no removal of ours reaches (host-only): its name is returned, still ambiguous', () => {
    const jar = recordingJar({ access_token: 'at', refresh_token: 'rt' }, [
      atDeeper('access_token'),
    ])
    expect(expireTossedCopies(jar, config, NAMES, '/deeper/page')).toEqual(['access_token'])
    expect(jar.tossed).toHaveLength(1)
  })

  it('looks only at the names it is given', () => {
    const jar = recordingJar({ access_token: 'at' }, [atDeeper('access_token')])
    expect(expireTossedCopies(jar, config, ['refresh_token'], '/deeper/page')).toEqual([])
    expect(jar.removals).toEqual([])
  })

  it('a jar that throws on reading counts as no copy: nothing removed, nothing ambiguous', () => {
    const jar = recordingJar({ access_token: 'at' }, [atDeeper('access_token', '.example.com')])
    const throwing = {
      ...jar,
      getAll: () => {
        throw new Error('cookies blocked')
      },
    }
    expect(expireTossedCopies(throwing, config, NAMES, '/deeper/page')).toEqual([])
    expect(jar.removals).toEqual([])
  })

  it('a removal the jar refuses leaves that copy: the name stays ambiguous, and nothing throws', () => {
    const jar = recordingJar({ access_token: 'at' }, [atDeeper('access_token', '.example.com')])
    const refusing = {
      ...jar,
      remove: () => {
        throw new Error('refused')
      },
    }
    expect(expireTossedCopies(refusing, config, NAMES, '/deeper/page')).toEqual(['access_token'])
  })
})
