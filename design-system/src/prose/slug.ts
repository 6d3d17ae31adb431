/**
 * An anchor id from a heading's text: lower case, Latin accents dropped, runs of anything that is not a
 * letter, digit or mark turned into one hyphen. Letters of every script stay ("料金" stays "料金").
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
}
