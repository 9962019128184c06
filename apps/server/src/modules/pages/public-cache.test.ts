import { describe, expect, it } from 'vitest'
import { contentHash, entityTag, matchingNonce } from './public-cache.js'

const N1 = 'AAECAwQFBgcICQoLDA0ODw=='
const N2 = 'EBESExQVFhcYGRobHB0eHw=='
const page = (nonce: string, text = 'Hello') => `<style nonce="${nonce}"></style><p>${text}</p><script nonce="${nonce}"></script>`

describe('public page validators', () => {
  it('name the content whatever nonce it was served with', () => {
    expect(contentHash(page(N1), N1)).toBe(contentHash(page(N2), N2))
    expect(contentHash(page(N1), N1)).not.toBe(contentHash(page(N1, 'Hi'), N1))
    expect(contentHash(page(N1), N1)).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  it('give back the stored copy’s nonce when its tag names the same content, so the 304 keeps its policy', () => {
    const hash = contentHash(page(N1), N1)
    const tag = entityTag(hash, N1)
    expect(matchingNonce(tag, hash)).toBe(N1)
    expect(matchingNonce(`W/${tag}`, hash)).toBe(N1)
    expect(matchingNonce(`"other.${N2}", ${tag}`, hash)).toBe(N1)
  })

  it('match nothing else: other content, a missing header, a nonce not of our making', () => {
    const hash = contentHash(page(N1), N1)
    expect(matchingNonce(entityTag(contentHash(page(N1, 'Hi'), N1), N1), hash)).toBeNull()
    expect(matchingNonce(undefined, hash)).toBeNull()
    expect(matchingNonce('*', hash)).toBeNull()
    expect(matchingNonce(`"${hash}.bad'; script-src *"`, hash)).toBeNull()
  })
})
