/*
 * Checks of the IP allow-list's entries before they are sent: IPv4 and IPv6 addresses and CIDR ranges, in the
 * form the server stores them (lower-case IPv6 with "::" compression, IPv4-mapped IPv6 as IPv4).
 */

/** Why an entry is not an address or range; each has its message (captcha-settings:iplist.problems.*). */
export type IpProblem =
  | "empty"
  | "hostname"
  | "wildcard"
  | "dashRange"
  | "port"
  | "zone"
  | "ipv4"
  | "ipv6"
  | "prefix4"
  | "prefix6"
  | "hostBits"
  | "format"

export type IpEntry = { version: 4 | 6; range: boolean; value: string }
export type IpCheck = ({ ok: true } & IpEntry) | { ok: false; problem: IpProblem; suggestion?: string }

const fail = (problem: IpProblem, suggestion?: string): IpCheck => ({ ok: false, problem, suggestion })

/** Four numbers 0–255 without leading zeros (010 could be read as octal). */
function parseIpv4(text: string): number[] | null {
  const parts = text.split(".")
  if (parts.length !== 4) return null
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN))
  return bytes.every((byte) => byte <= 255) ? bytes : null
}

/** Eight groups of 1–4 hex digits, one "::" for a run of zero groups, an IPv4 address as the last 32 bits. */
function parseIpv6(text: string): number[] | null {
  let head = text
  const tail: number[] = []
  const lastColon = text.lastIndexOf(":")
  if (text.slice(lastColon + 1).includes(".")) {
    const v4 = parseIpv4(text.slice(lastColon + 1))
    if (!v4) return null
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    head = text.slice(0, lastColon + 1)
    // "::1.2.3.4" leaves "::"; "64:ff9b::1.2.3.4" leaves "64:ff9b::"; "1:2:3:4:5:6:1.2.3.4" leaves "1:…:6:".
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1)
  }
  const halves = head.split("::")
  if (halves.length > 2) return null
  const groups = (half: string) => (half === "" ? [] : half.split(":"))
  const left = groups(halves[0]!)
  const right = halves.length === 2 ? groups(halves[1]!) : []
  if (![...left, ...right].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null
  const known = left.length + right.length + tail.length
  if (halves.length === 2 ? known > 7 : known !== 8) return null
  const words = [
    ...left.map((group) => parseInt(group, 16)),
    ...Array<number>(8 - known).fill(0),
    ...right.map((group) => parseInt(group, 16)),
    ...tail,
  ]
  return words.flatMap((word) => [word >> 8, word & 0xff])
}

/** RFC 5952 text: lower case, no leading zeros, the longest run (2 groups or more) of zeros as "::". */
function formatIpv6(bytes: number[]): string {
  const words = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!)
  let best = { start: -1, length: 0 }
  for (let i = 0; i < 8;) {
    if (words[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < 8 && words[j] === 0) j++
    if (j - i > best.length) best = { start: i, length: j - i }
    i = j
  }
  const hex = words.map((word) => word.toString(16))
  if (best.length < 2) return hex.join(":")
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`
}

/** The bytes with every bit after the first `prefix` cleared: the range's first address. */
function network(bytes: number[], prefix: number): number[] {
  return bytes.map((byte, index) => {
    const bits = Math.min(8, Math.max(0, prefix - index * 8))
    return bits === 0 ? 0 : byte & (0xff << (8 - bits)) & 0xff
  })
}

/** Whether one entry is an address or a CIDR range, and its stored form. */
export function checkIpEntry(input: string): IpCheck {
  const text = input.trim()
  if (!text) return fail("empty")
  if (/\s/.test(text)) return fail("format")
  if (text.includes("%")) return fail("zone")
  if (text.includes("*")) {
    const guess = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.\*)+$/.exec(text)
    if (guess) {
      const known = guess.slice(1).filter((part) => part !== undefined)
      const zeros = Array<string>(4 - known.length).fill("0")
      return fail("wildcard", `${[...known, ...zeros].join(".")}/${known.length * 8}`)
    }
    return fail("wildcard")
  }
  if (/^[^/]+-[^/]+$/.test(text) && /[.:]/.test(text)) return fail("dashRange")
  if (/^\[.*\](:\d+)?$/.test(text) || /^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) return fail("port")
  const [address = "", prefixText, extra] = text.split("/")
  if (extra !== undefined) return fail("format")
  const v6 = address.includes(":")
  if (!v6 && /[a-z]/i.test(address)) return fail("hostname")
  let bytes = v6 ? parseIpv6(address) : parseIpv4(address)
  if (!bytes) return fail(v6 ? "ipv6" : /^[\d.]+$/.test(address) ? "ipv4" : "format")
  const bits = v6 ? 128 : 32
  let prefix: number | null = null
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return fail(v6 ? "prefix6" : "prefix4")
    prefix = Number(prefixText)
  }
  let version: 4 | 6 = v6 ? 6 : 4
  // An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 address itself.
  const mapped =
    v6 && bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
  if (mapped && (prefix === null || prefix >= 96)) {
    bytes = bytes.slice(12)
    version = 4
    if (prefix !== null) prefix -= 96
  }
  const format = (value: number[]) => (version === 6 ? formatIpv6(value) : value.join("."))
  if (prefix === null) return { ok: true, version, range: false, value: format(bytes) }
  const first = network(bytes, prefix)
  if (first.some((byte, index) => byte !== bytes![index]))
    return fail("hostBits", `${format(first)}/${prefix}`)
  return { ok: true, version, range: true, value: `${format(bytes)}/${prefix}` }
}
