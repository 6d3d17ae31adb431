import ipaddr from "ipaddr.js"

/*
 * Allow-list entries: an IPv4 or IPv6 address or a CIDR range, written in one canonical form so that the same range
 * written twice is found as the same. A range may not be wider than /16 (IPv4) or /48 (IPv6): a sub-user's
 * passwordless door must stay a small one.
 */

export const WIDEST_IPV4 = 16
export const WIDEST_IPV6 = 48

export type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

export class AddressError extends Error {
  constructor(
    readonly code: "ADDRESS_INVALID" | "RANGE_TOO_WIDE",
    message: string,
  ) {
    super(message)
    this.name = "AddressError"
  }
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4, as a dual-stack socket reports) as the IPv4 address it is. */
function plain(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address
}

/** "203.0.113.7" → "203.0.113.7/32"; "2001:db8::/48" kept; the address part cut to the range's start. */
export function canonicalRange(text: string): string {
  const trimmed = text.trim()
  let range: Range
  if (ipaddr.isValidCIDR(trimmed)) range = ipaddr.parseCIDR(trimmed)
  else if (ipaddr.isValid(trimmed)) {
    const address = ipaddr.parse(trimmed)
    range = [address, address.kind() === "ipv4" ? 32 : 128]
  } else throw new AddressError("ADDRESS_INVALID", `"${trimmed}" is not an IP address or a CIDR range`)
  let [address, bits] = range
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    address = (address as ipaddr.IPv6).toIPv4Address()
    bits -= 96
  }
  const widest = address.kind() === "ipv4" ? WIDEST_IPV4 : WIDEST_IPV6
  if (bits < widest)
    throw new AddressError("RANGE_TOO_WIDE", `A range may be at most /${widest} wide for ${address.kind()}`)
  const start =
    address.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`)
  return `${start.toString()}/${bits}`
}

export const parseRange = (canonical: string): Range => ipaddr.parseCIDR(canonical)

/** Whether two ranges share an address (one contains the other's start). */
export function overlaps(a: Range, b: Range): boolean {
  if (a[0].kind() !== b[0].kind()) return false
  return a[1] <= b[1] ? b[0].match(a) : a[0].match(b)
}

/** A client's address (as the socket reports it) as a parsed address, or null. */
export function clientAddress(text: string | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!text || !ipaddr.isValid(text)) return null
  return plain(ipaddr.parse(text))
}

export const inRange = (address: ipaddr.IPv4 | ipaddr.IPv6, range: Range) =>
  address.kind() === range[0].kind() && address.match(range)
