/**
 * The sign-in transaction items kept in sessionStorage across the redirects (spec section 3, plus
 * the OAuth state): one tab, one transaction, each item removed once used.
 */
import type { StoredItem } from '@mapping-platform/auth-core'

/** The sessionStorage key of each item. */
export const STORAGE_KEYS: Readonly<Record<StoredItem, string>> = {
  pkceVerifier: 'signin.pkceVerifier',
  stateToken: 'signin.stateToken',
  mfaRedirect: 'signin.mfaRedirect',
  oauthState: 'signin.oauthState',
  returnTo: 'signin.returnTo',
}

export interface TransactionStorage {
  /** The item, or null when absent or when storage cannot be read. */
  read(item: StoredItem): string | null
  /** Stores the item; throws when storage is blocked or full. */
  write(item: StoredItem, value: string): void
  remove(item: StoredItem): void
}

/** A {@link TransactionStorage} over `storage` (sessionStorage by default, looked up on each call). */
export function createTransactionStorage(
  storage: () => Storage = () => sessionStorage,
): TransactionStorage {
  return {
    read(item) {
      try {
        return storage().getItem(STORAGE_KEYS[item])
      } catch {
        return null
      }
    },
    write(item, value) {
      storage().setItem(STORAGE_KEYS[item], value)
    },
    remove(item) {
      try {
        storage().removeItem(STORAGE_KEYS[item])
      } catch {
        // Storage that cannot be read holds nothing to remove.
      }
    },
  }
}
