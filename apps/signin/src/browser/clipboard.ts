/** Copying text for the person (the setup key). */
export interface Clipboard {
  /** Resolves once copied; rejects where the clipboard is unavailable or denied. */
  readonly writeText: (text: string) => Promise<void>
}

/** The browser's asynchronous clipboard. */
export function createClipboard(): Clipboard {
  return {
    writeText: (text) =>
      navigator.clipboard
        ? navigator.clipboard.writeText(text)
        : Promise.reject(new Error('The clipboard is not available.')),
  }
}
