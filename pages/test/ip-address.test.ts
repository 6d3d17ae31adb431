/* The IP allow-list's check of one entry (customer settings, /setting/iplist): what is accepted, in which form. */
import { describe, expect, it } from "vitest"
import { checkIpEntry } from "../src/customer/settings/iplist/ip-address"

const ok = (version: 4 | 6, value: string, range = value.includes("/")) => ({
  ok: true,
  version,
  range,
  value,
})
const problem = (name: string, suggestion?: string) => ({ ok: false, problem: name, suggestion })

describe("checkIpEntry: IPv4", () => {
  it.each([
    ["192.168.0.1", ok(4, "192.168.0.1")],
    ["0.0.0.0", ok(4, "0.0.0.0")],
    ["255.255.255.255", ok(4, "255.255.255.255")],
    ["  10.0.0.1\t", ok(4, "10.0.0.1")],
    ["10.0.0.0/8", ok(4, "10.0.0.0/8")],
    ["192.168.1.0/24", ok(4, "192.168.1.0/24")],
    ["0.0.0.0/0", ok(4, "0.0.0.0/0")],
    ["203.0.113.7/32", ok(4, "203.0.113.7/32")],
    ["172.16.0.0/12", ok(4, "172.16.0.0/12")],
  ])("accepts %j", (input, expected) => {
    expect(checkIpEntry(input)).toEqual(expected)
  })

  it.each([
    ["256.1.1.1", "ipv4"],
    ["1.2.3", "ipv4"],
    ["1.2.3.4.5", "ipv4"],
    ["1..2.3", "ipv4"],
    ["01.2.3.4", "ipv4"], // a leading zero could be read as octal
    ["1.2.3.1000", "ipv4"],
    ["1.2.3.4#", "format"],
    ["1.2.3.4/33", "prefix4"],
    ["1.2.3.4/", "prefix4"],
    ["1.2.3.4/-1", "prefix4"],
    ["1.2.3.4/8a", "prefix4"],
    ["1.2.3.4/0008", "prefix4"],
    ["1.2.3.4/8/8", "format"],
  ])("refuses %j (%s)", (input, name) => {
    expect(checkIpEntry(input)).toEqual(problem(name))
  })

  it.each([
    ["10.1.2.3/8", "10.0.0.0/8"],
    ["192.168.1.77/24", "192.168.1.0/24"],
    ["172.31.255.255/12", "172.16.0.0/12"],
    ["192.168.1.1/0", "0.0.0.0/0"],
    ["10.0.0.129/25", "10.0.0.128/25"],
  ])("refuses a range with host bits set (%j) and suggests its network", (input, suggestion) => {
    expect(checkIpEntry(input)).toEqual(problem("hostBits", suggestion))
  })
})

describe("checkIpEntry: IPv6", () => {
  it.each([
    ["2001:db8::1", ok(6, "2001:db8::1")],
    ["2001:DB8:0:0:0:0:0:1", ok(6, "2001:db8::1")],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", ok(6, "2001:db8::1")],
    ["::", ok(6, "::")],
    ["::1", ok(6, "::1")],
    ["fe80::", ok(6, "fe80::")],
    // RFC 5952: the longest run of zeros is compressed, the first of equal runs, never a single zero group.
    ["2001:db8:0:0:1:0:0:0", ok(6, "2001:db8:0:0:1::")],
    ["2001:db8:0:0:1:0:0:1", ok(6, "2001:db8::1:0:0:1")],
    ["2001:db8:0:1:1:1:1:1", ok(6, "2001:db8:0:1:1:1:1:1")],
    ["1:0:0:2::3", ok(6, "1:0:0:2::3")],
    ["1:0:0:2:0:0:3:4", ok(6, "1::2:0:0:3:4")],
    // An IPv4 address in the last 32 bits.
    ["64:ff9b::192.0.2.33", ok(6, "64:ff9b::c000:221")],
    ["1:2:3:4:5:6:1.2.3.4", ok(6, "1:2:3:4:5:6:102:304")],
    ["2001:db8::/32", ok(6, "2001:db8::/32")],
    ["2001:0DB8:0000::/48", ok(6, "2001:db8::/48")],
    ["::/0", ok(6, "::/0")],
    ["2001:db8::1/128", ok(6, "2001:db8::1/128")],
  ])("accepts %j", (input, expected) => {
    expect(checkIpEntry(input)).toEqual(expected)
  })

  it.each([
    ["::ffff:192.0.2.1", ok(4, "192.0.2.1")],
    ["::FFFF:c000:201", ok(4, "192.0.2.1")],
    ["::ffff:10.0.0.0/104", ok(4, "10.0.0.0/8")],
    ["::ffff:0:0/96", ok(4, "0.0.0.0/0")],
  ])("stores the IPv4-mapped %j as IPv4", (input, expected) => {
    expect(checkIpEntry(input)).toEqual(expected)
  })

  it("keeps a mapped range wider than IPv4 as IPv6", () => {
    expect(checkIpEntry("::ffff:0:0/95")).toEqual(problem("hostBits", "::fffe:0:0/95"))
    expect(checkIpEntry("::/95")).toEqual(ok(6, "::/95"))
  })

  it.each([
    ["1:2:3:4:5:6:7", "ipv6"],
    ["1:2:3:4:5:6:7:8:9", "ipv6"],
    ["1:2:3:4:5:6:7::8", "ipv6"],
    ["1::2::3", "ipv6"],
    ["12345::1", "ipv6"],
    ["g::1", "ipv6"],
    [":1:2:3:4:5:6:7", "ipv6"],
    ["::1.2.3", "ipv6"],
    ["::1.2.3.256", "ipv6"],
    ["1:2:3:4:5:6:7:1.2.3.4", "ipv6"],
    ["::1/129", "prefix6"],
    ["2001:db8::/", "prefix6"],
  ])("refuses %j (%s)", (input, name) => {
    expect(checkIpEntry(input)).toEqual(problem(name))
  })

  it("refuses a range with host bits set and suggests its network", () => {
    expect(checkIpEntry("2001:db8::1/32")).toEqual(problem("hostBits", "2001:db8::/32"))
    expect(checkIpEntry("2001:db8:abcd:12ff::/56")).toEqual(problem("hostBits", "2001:db8:abcd:1200::/56"))
  })
})

describe("checkIpEntry: what people type instead", () => {
  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["10.0.0.1 10.0.0.2", "format"],
    ["10.0.0.1,10.0.0.2", "format"],
    ["example.com", "hostname"],
    ["localhost", "hostname"],
    ["fe80::1%eth0", "zone"],
    ["10.0.0.1-10.0.0.9", "dashRange"],
    ["2001:db8::1-2001:db8::9", "dashRange"],
    ["1.2.3.4:8080", "port"],
    ["[2001:db8::1]:443", "port"],
    ["[::1]", "port"],
  ])("refuses %j (%s)", (input, name) => {
    expect(checkIpEntry(input)).toEqual(problem(name))
  })

  it.each([
    ["192.168.*.*", "192.168.0.0/16"],
    ["10.*", "10.0.0.0/8"],
    ["10.*.*.*", "10.0.0.0/8"],
    ["10.1.2.*", "10.1.2.0/24"],
  ])("refuses the wildcard %j and suggests the range it means", (input, suggestion) => {
    expect(checkIpEntry(input)).toEqual(problem("wildcard", suggestion))
  })

  it.each(["*", "*.*.*.*", "10.*.1.*", "2001:db8::*"])("refuses the wildcard %j without a guess", (input) => {
    expect(checkIpEntry(input)).toEqual(problem("wildcard"))
  })
})
