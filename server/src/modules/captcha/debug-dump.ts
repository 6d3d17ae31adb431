// debug_dump=1 of in.php and res.php (captcha-api §1.1): the parameters the server received, dumped in PHP's
// var_dump style before the answer line (json=1: under a `debug_dump` key of the answer). The API key is never
// shown in clear, nor a proxy's password; long values (pictures in base64) are cut.

import type { TaskFile } from "./task-types"

/** Characters of a value shown; longer ones end with "…" (their full length is still given). */
const SHOWN_CHARACTERS = 100

/** The key with all but its last 4 characters starred (a short one entirely), as its hint shows it. */
function maskKey(key: string): string {
  return key.length <= 8 ? "*".repeat(key.length) : `${"*".repeat(key.length - 4)}${key.slice(-4)}`
}

/** `login:password@host:port` with the password hidden. */
function maskProxy(proxy: string): string {
  return proxy.replace(/^([^:@/]*(?::\/\/[^:@/]*)?:).*@/, "$1***@")
}

/** A parameter as the dump shows it, and its length in bytes (of the full value when it is cut). */
function shown(name: string, value: string): { text: string; bytes: number } {
  const safe = name === "key" ? maskKey(value) : name === "proxy" ? maskProxy(value) : value
  const cut = safe.length > SHOWN_CHARACTERS
  return { text: cut ? `${safe.slice(0, SHOWN_CHARACTERS)}…` : safe, bytes: Buffer.byteLength(safe) }
}

/** The dump as text, ending with a line break, for the plain answer. */
export function debugDumpText(fields: Record<string, string>, files: Record<string, TaskFile>): string {
  const lines = [`array(${Object.keys(fields).length + Object.keys(files).length}) {`]
  for (const [name, value] of Object.entries(fields)) {
    const { text, bytes } = shown(name, value)
    lines.push(`  ["${name}"]=>`, `  string(${bytes}) "${text}"`)
  }
  for (const [name, file] of Object.entries(files)) {
    lines.push(
      `  ["${name}"]=>`,
      "  array(3) {",
      '    ["name"]=>',
      `    string(${Buffer.byteLength(file.name)}) "${file.name}"`,
      '    ["type"]=>',
      `    string(${Buffer.byteLength(file.mime)}) "${file.mime}"`,
      '    ["size"]=>',
      `    int(${file.data.length})`,
      "  }",
    )
  }
  lines.push("}", "")
  return lines.join("\n")
}

/** The dump as a JSON value, for json=1. */
export function debugDumpJson(
  fields: Record<string, string>,
  files: Record<string, TaskFile>,
): Record<string, unknown> {
  return {
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, shown(name, value).text])),
    ...Object.fromEntries(
      Object.entries(files).map(([name, file]) => [
        name,
        { name: file.name, type: file.mime, size: file.data.length },
      ]),
    ),
  }
}
