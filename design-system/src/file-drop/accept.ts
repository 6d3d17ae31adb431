/** Why a file was refused. */
export type FileRejectionReason = "too-large" | "wrong-type"

/**
 * Whether a file fits an accept list like the `accept` attribute's: MIME types ("image/png"), families
 * ("image/*") and extensions (".csv"), compared without regard to case. An empty list accepts everything.
 */
export function fileMatchesAccept(file: { name: string; type: string }, accept: readonly string[]): boolean {
  if (accept.length === 0) return true
  const name = file.name.toLowerCase()
  const type = file.type.toLowerCase()
  return accept.some((raw) => {
    const pattern = raw.trim().toLowerCase()
    if (pattern.startsWith(".")) return name.endsWith(pattern)
    if (pattern.endsWith("/*")) return type.startsWith(pattern.slice(0, -1))
    return type === pattern
  })
}

/** The first reason a file cannot be taken, or null when it can. */
export function checkFile(
  file: { name: string; type: string; size: number },
  limits: { accept?: readonly string[]; maxSize?: number },
): FileRejectionReason | null {
  if (limits.accept && !fileMatchesAccept(file, limits.accept)) return "wrong-type"
  if (limits.maxSize !== undefined && file.size > limits.maxSize) return "too-large"
  return null
}
