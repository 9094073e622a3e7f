/** Types of integrityCheck.mjs (plain JavaScript, run by Node from scripts/checkDist.mjs). */
export declare function checkIntegrity(
  page: string,
  html: string,
  bytesOf: (url: string) => Uint8Array | undefined,
): { checked: number; problems: string[] }
