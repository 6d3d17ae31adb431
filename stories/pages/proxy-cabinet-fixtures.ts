// The proxy cabinet's stories (proxy-cabinet.stories.tsx): a customer who buys proxy traffic, with three sub-users
// (one paused), their allow-lists and a week of traffic, as the proxy API answers; and a new account with nothing
// yet. The stories' clock is the cabinet's (NOW: Wednesday 4 March 2026, 10:15 UTC).
import {
  BYTES_PER_GB,
  type ProxyAccount,
  type ProxyPrice,
  type ProxyUsage,
  type Purchase,
  type Subuser,
} from "@manyhands/contract/proxy"
import { NOW } from "./cabinet-fixtures"

export { NOW }

const GB = BYTES_PER_GB
const MB = 1_000_000

/** The day `days` before the stories' clock, at a time of day (UTC). */
const daysAgo = (days: number, at = "09:30") =>
  `${new Date(NOW - days * 86_400_000).toISOString().slice(0, 10)}T${at}:00.000Z`

export const gateway = { host: "gw.manyhands.example", httpPort: 8000, socksPort: 1080 }

/** The migration's prices in dollars (micro-units per GB) and the countries with healthy exits. */
export const prices: ProxyPrice[] = [
  {
    pool: "residential",
    currency: "USD",
    perGb: 4_000_000,
    countries: ["br", "de", "es", "fr", "gb", "it", "mx", "pl", "us"],
    properties: ["anonymous", "elite", "premium"],
  },
  { pool: "mobile", currency: "USD", perGb: 6_000_000, countries: ["de", "gb", "us"], properties: ["elite"] },
  {
    pool: "datacenter",
    currency: "USD",
    perGb: 800_000,
    countries: ["de", "nl", "us"],
    properties: ["anonymous"],
  },
  { pool: "isp", currency: "USD", perGb: 2_500_000, countries: ["us"], properties: ["elite", "premium"] },
]

/**
 * $42.50 on the balance; residential traffic well stocked, mobile nearly used up, none bought for datacenter, ISP
 * used up.
 */
export const account: ProxyAccount = {
  currency: "USD",
  balance: 42_500_000,
  traffic: [
    { pool: "residential", bought: 20 * GB, used: 6_350 * MB, left: 13_650 * MB },
    { pool: "mobile", bought: 5 * GB, used: 4_620 * MB, left: 380 * MB },
    { pool: "datacenter", bought: 0, used: 0, left: 0 },
    { pool: "isp", bought: 2 * GB, used: 2 * GB, left: 0 },
  ],
  gateway,
  subusers: 3,
  prices,
}

/** Signed up today: nothing on the balance, no traffic, no sub-user. */
export const newAccount: ProxyAccount = {
  ...account,
  balance: 0,
  traffic: account.traffic.map(({ pool }) => ({ pool, bought: 0, used: 0, left: 0 })),
  subusers: 0,
}

export const purchases: Purchase[] = [
  {
    id: "9003",
    pool: "residential",
    gigabytes: 10,
    currency: "USD",
    amount: 40_000_000,
    createdAt: daysAgo(1, "16:42"),
  },
  {
    id: "9002",
    pool: "isp",
    gigabytes: 2,
    currency: "USD",
    amount: 5_000_000,
    createdAt: daysAgo(9, "08:05"),
  },
  {
    id: "9001",
    pool: "residential",
    gigabytes: 10,
    currency: "USD",
    amount: 40_000_000,
    createdAt: daysAgo(20, "11:30"),
  },
  {
    id: "9000",
    pool: "mobile",
    gigabytes: 5,
    currency: "USD",
    amount: 30_000_000,
    createdAt: daysAgo(20, "11:28"),
  },
]

export const alice: Subuser = {
  id: "501",
  name: "alice",
  password: "k7Qm2xWp9RtLs4Vb",
  pool: "residential",
  trafficCap: null,
  moneyCap: 50_000_000,
  spent: 19_480_000,
  used: 4_870 * MB,
  paused: false,
  allowlist: [
    { id: "71", cidr: "203.0.113.7/32", note: "Build server", createdAt: daysAgo(14, "10:02") },
    { id: "72", cidr: "2001:db8:4f::/48", note: null, createdAt: daysAgo(3, "15:20") },
  ],
  createdAt: daysAgo(20, "11:35"),
}

export const scraper: Subuser = {
  id: "502",
  name: "scraper01",
  password: "Zx4nT8qWm2Lp6RcY",
  pool: "mobile",
  trafficCap: 5 * GB,
  moneyCap: null,
  spent: 0,
  used: 4_620 * MB,
  paused: false,
  allowlist: [{ id: "73", cidr: "198.51.100.0/24", note: "Crawler farm", createdAt: daysAgo(6, "09:12") }],
  createdAt: daysAgo(20, "11:40"),
}

export const backup: Subuser = {
  id: "503",
  name: "backup",
  password: "Pw7Gh3Kd9Ms2Xn5T",
  pool: "isp",
  trafficCap: 2 * GB,
  moneyCap: null,
  spent: 0,
  used: 2 * GB,
  paused: true,
  allowlist: [],
  createdAt: daysAgo(9, "08:10"),
}

export const subusers: Subuser[] = [alice, scraper, backup]

/** What the connection strings' answer writes: sticky SOCKS5 lines of alice, as the server would. */
export const socksLines = (count: number, country: string, ttl: number) =>
  Array.from(
    { length: count },
    (_, index) =>
      `socks5://alice-country-${country}-session-${(0xa1b2c3 + index * 7919).toString(16)}-ttl-${ttl}:${alice.password}@${gateway.host}:${gateway.socksPort}`,
  )

// ---------------------------------------------------------------------------------------------------------
// Usage

const TODAY = new Date(NOW).toISOString().slice(0, 10)
const dayAt = (days: number) =>
  `${new Date(NOW - days * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`
/** The hour `hours` before the stories' current hour (10:00 UTC). */
const hourAt = (hours: number) =>
  new Date(Math.floor(NOW / 3_600_000) * 3_600_000 - hours * 3_600_000).toISOString()

/** A week: busy weekdays, a quiet Sunday (no traffic at all on it), today's morning so far. */
export const weekUsage: ProxyUsage = {
  from: new Date(NOW - 6 * 86_400_000).toISOString().slice(0, 10),
  to: TODAY,
  total: { up: 412 * MB, down: 6_838 * MB, connections: 48_215 },
  days: [
    { at: dayAt(6), up: 71 * MB, down: 1_204 * MB },
    { at: dayAt(5), up: 82 * MB, down: 1_390 * MB },
    { at: dayAt(4), up: 64 * MB, down: 1_022 * MB },
    // dayAt(3), Sunday 1 March: nothing.
    { at: dayAt(2), up: 90 * MB, down: 1_508 * MB },
    { at: dayAt(1), up: 77 * MB, down: 1_295 * MB },
    { at: dayAt(0), up: 28 * MB, down: 419 * MB },
  ],
  hours: Array.from({ length: 24 }, (_, index) => 23 - index)
    .filter((hours) => hours !== 5 && hours !== 6)
    .map((hours) => ({
      at: hourAt(hours),
      up: Math.round((2.2 + Math.sin(hours / 3) * 1.3) * MB),
      down: Math.round((38 + Math.sin(hours / 3) * 21) * MB),
    })),
  subusers: [
    { id: "501", name: "alice", up: 251 * MB, down: 4_120 * MB },
    { id: "502", name: "scraper01", up: 161 * MB, down: 2_718 * MB },
  ],
  hosts: [
    { host: "www.example-shop.com", bytes: 2_310 * MB },
    { host: "api.prices.example", bytes: 1_482 * MB },
    { host: "maps.example.net", bytes: 905 * MB },
    { host: "search.example.org", bytes: 774 * MB },
    { host: "cdn.images.example", bytes: 640 * MB },
    { host: "news.example.com", bytes: 412 * MB },
    { host: "tickets.example.travel", bytes: 301 * MB },
    { host: "api.ipify.org", bytes: 2 * MB },
  ],
}

/** The last 30 days: more days, more traffic. */
export const monthUsage: ProxyUsage = {
  ...weekUsage,
  from: new Date(NOW - 29 * 86_400_000).toISOString().slice(0, 10),
  total: { up: 1_540 * MB, down: 25_930 * MB, connections: 190_402 },
  days: Array.from({ length: 30 }, (_, index) => 29 - index)
    .filter((days) => days % 7 !== 3)
    .map((days) => ({
      at: dayAt(days),
      up: Math.round((55 + ((days * 37) % 40)) * MB),
      down: Math.round((900 + ((days * 53) % 700)) * MB),
    })),
  subusers: [
    { id: "501", name: "alice", up: 950 * MB, down: 16_020 * MB },
    { id: "502", name: "scraper01", up: 590 * MB, down: 9_910 * MB },
  ],
}

/** The week of one sub-user (scraper01). */
export const scraperWeekUsage: ProxyUsage = {
  ...weekUsage,
  total: { up: 161 * MB, down: 2_718 * MB, connections: 20_115 },
  days: weekUsage.days.map((day) => ({
    ...day,
    up: Math.round(day.up * 0.39),
    down: Math.round(day.down * 0.4),
  })),
  hours: weekUsage.hours.map((hour) => ({
    ...hour,
    up: Math.round(hour.up * 0.4),
    down: Math.round(hour.down * 0.4),
  })),
  subusers: [{ id: "502", name: "scraper01", up: 161 * MB, down: 2_718 * MB }],
  hosts: weekUsage.hosts.slice(1, 4),
}

/** The last 30 days of scraper01. */
export const scraperMonthUsage: ProxyUsage = {
  ...monthUsage,
  total: { up: 590 * MB, down: 9_910 * MB, connections: 78_930 },
  days: monthUsage.days.map((day) => ({
    ...day,
    up: Math.round(day.up * 0.38),
    down: Math.round(day.down * 0.38),
  })),
  hours: scraperWeekUsage.hours,
  subusers: [{ id: "502", name: "scraper01", up: 590 * MB, down: 9_910 * MB }],
  hosts: scraperWeekUsage.hosts,
}

/** Nothing through the gateway this week. */
export const emptyUsage: ProxyUsage = {
  ...weekUsage,
  total: { up: 0, down: 0, connections: 0 },
  days: [],
  hours: [],
  subusers: [],
  hosts: [],
}
