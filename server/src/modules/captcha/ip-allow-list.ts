import { BlockList, isIP } from "node:net"
import { ipBytes } from "./pingback"

/*
 * The IP allow-list of an API key: single addresses and CIDR ranges (203.0.113.0/24, 2001:db8::/48), stored
 * normalised so that the engine can compare a client's address with a plain address as text and with ranges
 * through a node:net BlockList.
 */

/**
 * An IP literal in the form the engine compares client addresses with: IPv4 dotted, IPv4-mapped IPv6 as
 * its IPv4 address (the engine strips "::ffff:"), other IPv6 in the compressed lowercase form of RFC 5952
 * (how Node prints socket addresses). Null when it is not an address.
 */
export function normaliseIpLiteral(text: string): string | null {
  const address = text.trim()
  const family = isIP(address)
  if (family === 4) return address
  // A zone index (fe80::1%eth0) never appears in a remote client's address.
  if (family !== 6 || address.includes("%")) return null
  const bytes = ipBytes(address)!
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
  if (mapped) return bytes.slice(12).join(".")
  return addressOf(bytes)
}

/** The text of an address from its 4 or 16 bytes (IPv6 compressed as Node prints it). */
function addressOf(bytes: number[]): string {
  if (bytes.length === 4) return bytes.join(".")
  const groups: string[] = []
  for (let at = 0; at < 16; at += 2) groups.push(((bytes[at]! << 8) | bytes[at + 1]!).toString(16))
  return new URL(`http://[${groups.join(":")}]`).hostname.slice(1, -1)
}

/** The first address of the range: the bits after the prefix set to zero. */
function networkOf(bytes: number[], prefix: number): number[] {
  return bytes.map((byte, index) => {
    const bits = Math.min(8, Math.max(0, prefix - index * 8))
    return byte & ((0xff << (8 - bits)) & 0xff)
  })
}

export type AllowedEntry = { value: string; error?: undefined } | { value?: undefined; error: string }

/**
 * One entry of an allow-list as a customer typed it: an address ("2001:DB8::1" → "2001:db8::1") or a range
 * ("203.0.113.7/24" → "203.0.113.0/24"; a full-length prefix is the address alone; "::ffff:198.51.100.0/120" →
 * "198.51.100.0/24"), or why it is neither, in a sentence for the customer.
 */
export function parseAllowedEntry(text: string): AllowedEntry {
  const given = text.trim()
  const shown = JSON.stringify(given.length > 64 ? `${given.slice(0, 64)}…` : given)
  if (!given)
    return { error: "This entry is empty: give an IPv4 or IPv6 address, or a range like 203.0.113.0/24." }
  const parts = given.split("/")
  if (parts.length > 2) return { error: `${shown} is not an address or a range: it has more than one "/".` }
  const [addressText, prefixText] = parts as [string, string | undefined]
  const address = normaliseIpLiteral(addressText)
  if (address === null)
    return {
      error:
        prefixText === undefined
          ? `${shown} is not an IPv4 or IPv6 address (like 203.0.113.7 or 2001:db8::1).`
          : `${shown} is not a range: ${JSON.stringify(addressText.trim().slice(0, 45))} before the "/" is not an IPv4 or IPv6 address.`,
    }
  if (prefixText === undefined) return { value: address }
  if (!/^\d{1,3}$/.test(prefixText.trim()))
    return { error: `The prefix of ${shown} must be a number of bits after the "/", like /24 or /48.` }
  const v4 = isIP(address) === 4
  const mapped = v4 && isIP(addressText.trim()) === 6
  const bits = v4 && !mapped ? 32 : 128
  let prefix = Number(prefixText.trim())
  if (prefix > bits)
    return {
      error: `The prefix /${prefix} of ${shown} is too long: an ${bits === 32 ? "IPv4" : "IPv6"} range has at most /${bits}.`,
    }
  if (mapped) {
    if (prefix < 96)
      return {
        error: `The prefix /${prefix} of ${shown} is too short: a range of IPv4-mapped addresses needs at least /96 (or write it as an IPv4 range).`,
      }
    prefix -= 96
  }
  const full = v4 ? 32 : 128
  if (prefix === full) return { value: address }
  return { value: `${addressOf(networkOf(ipBytes(address)!, prefix))}/${prefix}` }
}

const familyOf = (address: string): "ipv4" | "ipv6" | null => {
  const family = isIP(address)
  return family === 4 ? "ipv4" : family === 6 ? "ipv6" : null
}

function blockListOf(allowed: string[]): BlockList {
  const list = new BlockList()
  for (const entry of allowed) {
    const [address, prefix] = entry.split("/") as [string, string | undefined]
    const family = familyOf(address)
    if (!family) continue
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

/** BlockLists of the allow-lists seen lately, by their text: built once, not on every request (a list of plain
 * addresses goes through one too, so that an address written differently from the stored text still matches). */
const MAX_CACHED_LISTS = 1000
const cachedLists = new Map<string, BlockList>()

/**
 * Whether a client address (as the engine sees it: IPv4-mapped addresses already as IPv4) may use a key with
 * this allow-list (stored normalised). An empty list allows any address.
 */
export function isIpAllowed(allowed: string[], ip: string): boolean {
  if (allowed.length === 0 || allowed.includes(ip)) return true
  const family = familyOf(ip)
  if (!family) return false
  const key = allowed.join(" ")
  let list = cachedLists.get(key)
  if (!list) {
    list = blockListOf(allowed)
    if (cachedLists.size >= MAX_CACHED_LISTS) cachedLists.clear()
    cachedLists.set(key, list)
  }
  return list.check(ip, family)
}
