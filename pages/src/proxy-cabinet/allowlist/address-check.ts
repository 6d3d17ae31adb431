import { checkIpEntry } from "../../customer/settings/iplist/ip-address"

/** The widest range the gateway allow-lists: /16 for IPv4, /48 for IPv6 (the server's rule). */
export const WIDEST = { 4: 16, 6: 48 } as const

/** Why an entry is not one the gateway takes; each has its message (proxy-cabinet:allowlist.problems.*). */
export type AddressProblem =
  | "empty"
  | "hostname"
  | "range"
  | "port"
  | "prefix4"
  | "prefix6"
  | "hostBits"
  | "tooWide4"
  | "tooWide6"
  | "invalid"

export type AddressCheck =
  { ok: true; value: string } | { ok: false; problem: AddressProblem; suggestion?: string }

/**
 * A rough check before sending (the server decides): an IPv4 or IPv6 address or a CIDR range no wider than the
 * gateway allows, in the form the server stores (an address alone is its /32 or /128).
 */
export function checkAddress(input: string): AddressCheck {
  const check = checkIpEntry(input)
  if (!check.ok) {
    const { problem, suggestion } = check
    switch (problem) {
      case "empty":
      case "hostname":
      case "port":
      case "prefix4":
      case "prefix6":
      case "hostBits":
        return { ok: false, problem, suggestion }
      case "wildcard":
      case "dashRange":
        return { ok: false, problem: "range", suggestion }
      default:
        return { ok: false, problem: "invalid" }
    }
  }
  if (check.range) {
    const prefix = Number(check.value.split("/")[1])
    if (prefix < WIDEST[check.version])
      return { ok: false, problem: check.version === 4 ? "tooWide4" : "tooWide6" }
  }
  return { ok: true, value: check.value }
}
