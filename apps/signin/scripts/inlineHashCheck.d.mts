/** Types of scripts/inlineHashCheck.mjs (for the build's tests). */
export declare function parseCsp(header: string): Map<string, string[]>
export declare function checkInlineHashes(
  page: string,
  html: string,
  csp: Map<string, string[]>,
): { checked: number; problems: string[] }
