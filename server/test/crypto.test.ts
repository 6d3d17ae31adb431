import { Writable } from "node:stream"
import { secp256k1 } from "@noble/curves/secp256k1.js"
import { createBase58check, hex } from "@scure/base"
import { HDKey } from "@scure/bip32"
import { createHash } from "node:crypto"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type {
  CreatedPayment,
  CryptoCurrenciesData,
  CryptoInvoice,
  Payment,
  ProvidersData,
} from "@manyhands/contract/money"
import { buildApp } from "../src/app"
import { type Config, loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { COIN_INFO, type Coin } from "../src/modules/crypto/coins"
import { cashAddress, depositAddress, p2wpkhAddress, tronAddress } from "../src/modules/crypto/derivation"
import { esploraWatcher } from "../src/modules/crypto/esplora"
import {
  assess,
  createCryptoInvoices,
  type CryptoInvoices,
  EARLIER_THAN_INVOICE_MS,
  ON_TIME_GRACE_MS,
  type SeenTransaction,
} from "../src/modules/crypto/invoices"
import { DEMO_ACCOUNT_KEYS, parseAccountKey } from "../src/modules/crypto/keys"
import { coinUnits, formatUnits, parseRates } from "../src/modules/crypto/rates"
import { USDT_TRC20_CONTRACT } from "../src/modules/crypto/trongrid"
import { checkLedger } from "../src/modules/ledger/ledger"
import { applyEvent, reconcile } from "../src/modules/payments/payments"
import { testBrowser, type TestBrowser } from "./browser"
import { newUser } from "./captcha-fixtures"
import { startCryptoStandIn, type CryptoStandIn } from "./crypto-stand-in"
import { engines, type TestEngine } from "./databases"
import { startTestApp } from "./test-app"

const sha256 = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest())
const base58check = createBase58check(sha256)
const USD = 1_000_000

// ---------------------------------------------------------------------------------------------------------
// Published vectors

/** BIP-84's test vectors: the account key of "abandon … about" at m/84'/0'/0' and its first addresses. */
const BIP84 = {
  accountXprv:
    "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE",
  accountXpub:
    "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
  receive: [
    {
      pubkey: "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c",
      address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    },
    {
      pubkey: "03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77",
      address: "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    },
  ],
}
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 }

/** The CashAddr specification's test vectors: legacy → CashAddr, and 20-byte payloads of both types. */
const CASHADDR_TRANSLATIONS: [string, string][] = [
  ["1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a"],
  ["1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR", "bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy"],
  ["16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb", "bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r"],
  ["3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq"],
  ["3LDsS579y7sruadqu11beEJoTjdFiFCdX4", "bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e"],
  ["31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw", "bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37"],
]
const CASHADDR_20_BYTES: ["p2pkh" | "p2sh", "bitcoincash" | "bchtest", string][] = [
  ["p2pkh", "bitcoincash", "bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2"],
  ["p2sh", "bchtest", "bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t"],
]
const CASHADDR_20_PAYLOAD = "F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9"

describe("deposit addresses", () => {
  it("derive BIP-84's published addresses from its account key (P2WPKH, bech32)", () => {
    // The BIP publishes the account's private key; its public half is the zpub a wallet would export.
    const account = HDKey.fromExtendedKey(BIP84.accountXprv, ZPUB_VERSIONS)
    expect(account.publicExtendedKey).toBe(BIP84.accountXpub)
    const parsed = parseAccountKey(BIP84.accountXpub, "btc")
    BIP84.receive.forEach(({ pubkey, address }, index) => {
      expect(hex.encode(parsed.key.deriveChild(0).deriveChild(index).publicKey!)).toBe(pubkey)
      expect(depositAddress(parsed, "btc", index).address).toBe(address)
    })
    // The same key written as an xpub is the same key: the same addresses, the same counter.
    const xpub = asVersion(0x0488b21e)
    expect(xpub.startsWith("xpub")).toBe(true)
    expect(depositAddress(parseAccountKey(xpub, "btc"), "btc", 0).address).toBe(BIP84.receive[0]!.address)
    expect(parseAccountKey(xpub, "btc").keyId).toBe(parsed.keyId)
  })

  it.each(CASHADDR_TRANSLATIONS)("writes %s as the CashAddr spec does: %s", (legacy, expected) => {
    const payload = base58check.decode(legacy)
    const type = payload[0] === 0x05 ? "p2sh" : "p2pkh"
    expect(cashAddress(payload.subarray(1), { type })).toBe(expected)
  })

  it.each(CASHADDR_20_BYTES)(
    "encodes the spec's 20-byte %s payload with the %s prefix",
    (type, prefix, expected) => {
      expect(cashAddress(hex.decode(CASHADDR_20_PAYLOAD.toLowerCase()), { type, prefix })).toBe(expected)
    },
  )

  it("derives BCH CashAddr deposit addresses on m/44'/145'/0'/0/i", () => {
    const account = parseAccountKey(DEMO_ACCOUNT_KEYS.bch, "bch")
    // The "abandon … about" wallet's first Bitcoin Cash address, as hardware wallets' test suites show it.
    expect(depositAddress(account, "bch", 0).address).toBe(
      "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6",
    )
  })

  it("makes TRON addresses from public keys: keccak-256, the last 20 bytes after 0x41, base58check", () => {
    const known =
      "04DAAC763B1B3492720E404C53D323BAF29391996F7DD5FA27EF0D12F7D50D694700684A32AD97FF4C09BF9CF0B9D0AC7F0091D9C6CB8BE9BB6A1106DA557285D8"
    expect(tronAddress(hex.decode(known.toLowerCase()))).toBe("THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acotq")
    // From a private key of TRON's own documentation examples, through its public key, compressed or not.
    const publicKey = secp256k1.getPublicKey(
      hex.decode("3d2eebd74075e98a55190b062ddd552c5f43f4b8379a1a1bcc8847a1c379a5e3"),
    )
    expect(tronAddress(publicKey)).toBe("THyw5GEQrRFjBxjpiQrSkthzkN92BZY2sJ")
    // The "abandon … about" wallet's first TRON address (m/44'/195'/0'/0/0).
    const account = parseAccountKey(DEMO_ACCOUNT_KEYS["usdt-tron"], "usdt-tron")
    expect(depositAddress(account, "usdt-tron", 0).address).toBe("TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH")
  })

  it("writes P2WPKH addresses of any hash (BIP-173's example key)", () => {
    // BIP-173: the key 0279BE66…F81798 pays to bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4.
    expect(p2wpkhAddress(hex.decode("751e76e8199196d454941c45d1b3a323f1433bd6"))).toBe(
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    )
  })

  /** The BIP-84 account key written with other version bytes, as another wallet or network would. */
  const asVersion = (version: number) => {
    const key = HDKey.fromExtendedKey(BIP84.accountXpub, ZPUB_VERSIONS)
    return new HDKey({
      publicKey: key.publicKey!,
      chainCode: key.chainCode!,
      depth: key.depth,
      index: key.index,
      parentFingerprint: key.parentFingerprint,
      versions: { public: version, private: 0 },
    }).publicExtendedKey
  }

  it.each([
    [BIP84.accountXprv, "btc", /private key \(zprv\).*never hold/],
    [asVersion(0x043587cf), "btc", /testnet key \(tpub\)/],
    [asVersion(0x045f1cf6), "btc", /testnet key \(vpub\)/],
    [asVersion(0x049d7cb2), "btc", /is a ypub, not an account-level extended public key \(zpub or xpub/],
    [
      BIP84.accountXpub,
      "bch",
      /is a zpub, not an account-level extended public key \(xpub, the account m\/44'\/145'\/0'\)/,
    ],
    [
      // The "abandon … about" wallet's master key.
      "xpub661MyMwAqRbcFkPHucMnrGNzDwb6teAX1RbKQmqtEF8kK3Z7LZ59qafCjB9eCRLiTVG3uxBxgKvRgbubRhqSKXnGGb1aoaqLrpMBDrVxga8",
      "usdt-tron",
      /depth 0, not an account-level extended public key.*\(depth 3\)/,
    ],
    ["xpub-not-a-key", "btc", /does not decode/],
  ] as [string, Coin, RegExp][])("refuses %s for %s", (text, coin, message) => {
    expect(() => parseAccountKey(text, coin)).toThrowError(message)
  })
})

describe("quotes", () => {
  it("round the coin amount up to the smallest unit: the payer never sends less than the dollars asked", () => {
    expect(coinUnits(25 * USD, "65000", 8)).toBe(38_462n) // 38461.538… satoshi
    expect(coinUnits(25 * USD, "400", 8)).toBe(6_250_000n) // exact
    expect(coinUnits(25 * USD, "1", 6)).toBe(25_000_000n)
    expect(coinUnits(25 * USD, "0.9998", 6)).toBe(25_005_002n) // 25005001.0002…
    expect(coinUnits(10_000, "65000.5", 8)).toBe(16n) // one cent: 15.38… satoshi
  })

  it("write amounts without trailing zeros", () => {
    expect(formatUnits(38_462n, 8)).toBe("0.00038462")
    expect(formatUnits(25_000_000, 6)).toBe("25")
    expect(formatUnits(6_250_000, 8)).toBe("0.0625")
    expect(formatUnits(0, 8)).toBe("0")
  })

  it("read CRYPTO_RATES and say what is wrong with it", () => {
    expect(parseRates("BTC=65000, bch=400,USDT=1")).toEqual({ BTC: "65000", BCH: "400", USDT: "1" })
    expect(() => parseRates("ETH=3000")).toThrowError(/"ETH=3000" is not SYMBOL=USD per coin/)
    expect(() => parseRates("BTC=0")).toThrowError(/rate of BTC must be a positive decimal/)
    expect(() => parseRates("BTC=-1")).toThrowError(/rate of BTC must be a positive decimal/)
    expect(() => parseRates("BTC=1,BTC=2")).toThrowError(/BTC is given twice/)
  })
})

describe("what a chain's payments mean for an invoice", () => {
  const created = new Date("2026-05-20T10:00:00Z")
  const expires = new Date("2026-05-20T10:30:00Z")
  const terms = {
    amountUnits: 1000,
    requiredConfirmations: 2,
    createdAt: created,
    expiresAt: expires,
    paymentStatus: "pending" as const,
  }
  const at = (minutes: number) => new Date(created.getTime() + minutes * 60_000)
  const tx = (
    txid: string,
    amount: number,
    confirmations: number,
    seenAt: number,
    minedAt: number | null = null,
  ): SeenTransaction => ({
    txid,
    amount,
    confirmations,
    firstSeenAt: at(seenAt),
    blockTime: minedAt === null ? null : at(minedAt),
  })

  it("is paid only once the amount has the confirmations, not when it is first seen", () => {
    expect(assess(terms, [tx("a", 1000, 0, 5)], at(6))).toMatchObject({
      outcome: "pending",
      received: 1000,
      confirmed: 0,
      confirmations: 0,
    })
    expect(assess(terms, [tx("a", 1000, 1, 5, 8)], at(9))).toMatchObject({
      outcome: "pending",
      confirmations: 1,
    })
    expect(assess(terms, [tx("a", 1000, 2, 5, 8)], at(20))).toMatchObject({
      outcome: "succeeded",
      confirmed: 1000,
      review: [],
    })
  })

  it("adds up several payments, and an underpayment stays pending until the quote ends", () => {
    expect(assess(terms, [tx("a", 600, 3, 5, 6)], at(20))).toMatchObject({
      outcome: "pending",
      received: 600,
    })
    expect(assess(terms, [tx("a", 600, 3, 5, 6), tx("b", 400, 2, 10, 12)], at(20)).outcome).toBe("succeeded")
    const lapsed = assess(terms, [tx("a", 600, 3, 5, 6)], new Date(expires.getTime() + ON_TIME_GRACE_MS + 1))
    expect(lapsed).toMatchObject({ outcome: "expired", review: ["underpaid"] })
  })

  it("waits for the confirmations of money sent in time, even after the quote ended", () => {
    const late = new Date(expires.getTime() + 60 * 60_000)
    expect(assess(terms, [tx("a", 1000, 1, 29, 45)], late).outcome).toBe("pending")
    expect(assess(terms, [tx("a", 1000, 2, 29, 45)], late).outcome).toBe("succeeded")
    // Mined before the end though first seen after it (the watcher was away): on time.
    expect(assess(terms, [tx("a", 1000, 2, 50, 28)], late).outcome).toBe("succeeded")
  })

  it("does not count money after the quote (plus grace) or from well before the invoice: a person looks", () => {
    const afterGrace = (ON_TIME_GRACE_MS + 60_000) / 60_000 + 30
    const lateOnly = assess(terms, [tx("late", 5000, 6, afterGrace, afterGrace)], at(afterGrace + 10))
    expect(lateOnly).toMatchObject({ outcome: "expired", counted: [], received: 0, review: ["late_payment"] })
    const earlier = -(EARLIER_THAN_INVOICE_MS / 60_000) - 1
    expect(assess(terms, [tx("old", 5000, 90, 1, earlier)], at(10))).toMatchObject({
      outcome: "pending",
      counted: [],
      review: ["late_payment"],
    })
  })

  it("credits an overpaid invoice and notes the excess; flags news contradicting a settled payment", () => {
    expect(assess(terms, [tx("a", 1500, 2, 5, 6)], at(20))).toMatchObject({
      outcome: "succeeded",
      received: 1500,
      review: ["overpaid"],
    })
    expect(assess({ ...terms, paymentStatus: "expired" }, [tx("a", 1000, 2, 5, 6)], at(20)).review).toEqual([
      "late_payment",
    ])
    expect(assess({ ...terms, paymentStatus: "succeeded" }, [], at(20)).review).toEqual(["reversed"])
  })
})

// ---------------------------------------------------------------------------------------------------------
// Invoices through the API, watched against the local stand-in explorers

const TRON_KEY = "trongrid-test-key-0123456789"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error

function cryptoEnv(standIn: CryptoStandIn) {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    CRYPTO_BTC_XPUB: BIP84.accountXpub,
    CRYPTO_BCH_XPUB: DEMO_ACCOUNT_KEYS.bch,
    CRYPTO_TRON_XPUB: DEMO_ACCOUNT_KEYS["usdt-tron"],
    CRYPTO_RATES: "BTC=65000,BCH=400,USDT=1",
    CRYPTO_BTC_ESPLORA_URL: standIn.urls.btc,
    CRYPTO_BCH_ESPLORA_URL: standIn.urls.bch,
    CRYPTO_TRONGRID_URL: standIn.urls.tron,
    CRYPTO_TRONGRID_API_KEY: TRON_KEY,
    // The tests run the watcher's rounds themselves.
    CRYPTO_WATCH_SECONDS: "0",
  }
}

describe.each(engines)("crypto invoices on $name", (engine: TestEngine) => {
  let standIn: CryptoStandIn
  let config: Config
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>
  let logs: string[]
  /** The watcher as another process would run it: the same configuration, the same database. */
  let crypto: CryptoInvoices
  let accounts = 0

  beforeAll(async () => {
    standIn = await startCryptoStandIn({ tronApiKey: TRON_KEY, usdtContract: USDT_TRC20_CONTRACT })
    ;({ db, drop } = await engine.create("demo"))
    logs = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk))
        done()
      },
    })
    config = loadConfig(cryptoEnv(standIn))
    app = await buildApp({ config, db, pages: "none", logStream })
    crypto = createCryptoInvoices(config.crypto, db)!
  })
  afterAll(async () => {
    await app.close()
    await drop()
    await standIn.close()
  })
  beforeEach(() => {
    standIn.down = false
  })
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  const round = () => crypto.watchRound({ log: app.log, minGapMs: 0 })

  async function newCustomer() {
    const email = `coins${++accounts}@example.com`
    const id = await newUser(db, email, "customer")
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, browser }
  }

  async function newInvoice(browser: TestBrowser, coin: Coin, amount = 25 * USD) {
    const response = await browser.post("/api/v2/payments", {
      provider: COIN_INFO[coin].shortname,
      amount,
      currency: "USD",
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedPayment>()
    expect(created.redirectUrl).toBe(`${COIN_INFO[coin].page}?payment=${created.id}`)
    return { id: created.id, invoice: await invoiceOf(browser, created.id) }
  }

  async function invoiceOf(browser: TestBrowser, id: string) {
    const response = await browser.get(`/api/v2/crypto/invoices/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<CryptoInvoice>()
  }

  const payment = async (browser: TestBrowser, id: string) =>
    (await browser.get(`/api/v2/payments/${id}`)).json<Payment>()

  const balance = async (userId: string) => {
    const { rows } = await db.query<{ posted: string }>(
      `SELECT (credits_posted - debits_posted)::text AS posted FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'customer_balance' AND currency = 'USD'`,
      [userId],
    )
    return Number(rows[0]?.posted ?? 0)
  }

  const resultsFor = (results: Awaited<ReturnType<typeof round>>, id: string) =>
    results.filter((result) => result.paymentId === id)

  /** Moves an invoice (and what was seen of it) `minutes` into the past, as if that much time went by. */
  const travel = (id: string, minutes: number) =>
    db.transaction(async (tx) => {
      const shift = [id, minutes]
      await tx.query(
        `UPDATE crypto_invoices SET created_at = created_at - $2 * interval '1 minute',
                expires_at = expires_at - $2 * interval '1 minute' WHERE payment_id = $1`,
        shift,
      )
      await tx.query(
        `UPDATE crypto_invoice_transactions SET first_seen_at = first_seen_at - $2 * interval '1 minute',
                block_time = block_time - $2 * interval '1 minute' WHERE payment_id = $1`,
        shift,
      )
      await tx.query(
        `UPDATE payments SET created_at = created_at - $2 * interval '1 minute',
                payable_until = payable_until - $2 * interval '1 minute' WHERE id = $1`,
        shift,
      )
    })

  it("offers the configured coins as providers, with their rates and confirmations", async () => {
    const providers = (
      await app.inject({ method: "GET", url: "/api/v2/payments/providers" })
    ).json<ProvidersData>()
    expect(providers.providers.map((provider) => provider.shortname)).toEqual(
      expect.arrayContaining(["crypto-btc", "crypto-bch", "crypto-usdt-tron"]),
    )
    expect(providers.providers.find((provider) => provider.shortname === "crypto-btc")?.currencies).toEqual([
      "USD",
    ])
    const response = await app.inject({ method: "GET", url: "/api/v2/crypto/currencies" })
    expect(response.statusCode).toBe(200)
    const data = response.json<CryptoCurrenciesData>()
    expect(data.limits).toEqual({ min: 1 * USD, max: 10_000 * USD })
    expect(data.currencies).toEqual([
      {
        coin: "btc",
        provider: "crypto-btc",
        symbol: "BTC",
        network: "Bitcoin",
        decimals: 8,
        enabled: true,
        confirmations: 2,
        quoteMinutes: 30,
        rate: "65000",
      },
      {
        coin: "bch",
        provider: "crypto-bch",
        symbol: "BCH",
        network: "Bitcoin Cash",
        decimals: 8,
        enabled: true,
        confirmations: 6,
        quoteMinutes: 30,
        rate: "400",
      },
      {
        coin: "usdt-tron",
        provider: "crypto-usdt-tron",
        symbol: "USDT",
        network: "TRON (TRC-20)",
        decimals: 6,
        enabled: true,
        confirmations: 20,
        quoteMinutes: 30,
        rate: "1",
      },
    ])
  })

  it("hands out a fresh address per invoice from the key's receive chain, with the quote, URI and QR code", async () => {
    const { browser } = await newCustomer()
    const first = await newInvoice(browser, "btc")
    const second = await newInvoice(browser, "btc", 100 * USD)
    // The first invoices of a fresh database are BIP-84's published addresses 0 and 1.
    expect(first.invoice).toMatchObject({
      paymentId: first.id,
      coin: "btc",
      provider: "crypto-btc",
      symbol: "BTC",
      usdAmount: 25 * USD,
      address: BIP84.receive[0]!.address,
      coinAmount: "0.00038462",
      rate: "65000",
      uri: `bitcoin:${BIP84.receive[0]!.address}?amount=0.00038462`,
      state: "waiting",
      received: "0",
      remaining: "0.00038462",
      overpaid: null,
      confirmations: 0,
      requiredConfirmations: 2,
      review: [],
      transactions: [],
    })
    expect(second.invoice.address).toBe(BIP84.receive[1]!.address)
    expect(second.invoice.coinAmount).toBe("0.00153847")
    expect(first.invoice.qrSvg).toMatch(/^<svg[^>]*>/)
    const quoted = Date.parse(first.invoice.expiresAt) - Date.parse(first.invoice.createdAt)
    expect(quoted).toBe(30 * 60_000)
    // The payment's reference is the address: the receipt names where the money went.
    expect(await payment(browser, first.id)).toMatchObject({
      provider: "crypto-btc",
      status: "pending",
      reference: BIP84.receive[0]!.address,
    })

    // Another user's invoice does not exist for them.
    const other = await newCustomer()
    const foreign = await other.browser.get(`/api/v2/crypto/invoices/${first.id}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("CRYPTO_INVOICE_NOT_FOUND")
    // Signed out: no invoice at all.
    expect((await app.inject({ method: "GET", url: `/api/v2/crypto/invoices/${first.id}` })).statusCode).toBe(
      401,
    )
  })

  it("pays a BTC invoice once its payment has the configured confirmations, and credits it exactly once", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 38_462)

    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "pending", result: null }])
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "seen",
      received: "0.00038462",
      confirmations: 0,
    })
    standIn.mine("btc")
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "seen",
      confirmations: 1,
      requiredConfirmations: 2,
    })
    expect(await balance(userId)).toBe(0)

    standIn.mine("btc")
    expect(resultsFor(await round(), id)).toEqual([
      { paymentId: id, outcome: "succeeded", result: "credited" },
    ])
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "paid",
      confirmations: 2,
      remaining: "0",
      overpaid: null,
    })
    expect(await payment(browser, id)).toMatchObject({ status: "succeeded" })
    expect(await balance(userId)).toBe(25 * USD)

    // Replays: the watcher again, two processes at once, reconciliation, and the same event by hand.
    standIn.mine("btc")
    const again = await Promise.all([round(), round()])
    expect(again.flat().filter((result) => result.result === "credited")).toEqual([])
    const adapters = new Map(crypto.adapters.map((adapter) => [adapter.shortname, adapter]))
    expect(await reconcile(db, adapters, { olderThanMs: 0, log: app.log })).not.toContain("credited")
    const replay = await applyEvent(
      db,
      "crypto-btc",
      {
        eventId: `chain:${invoice.address}`,
        providerPaymentId: invoice.address,
        outcome: "succeeded",
        amount: 25 * USD,
        currency: "USD",
      },
      app.log,
    )
    expect(replay).toBe("ignored_duplicate")
    expect(await balance(userId)).toBe(25 * USD)
    const { rows } = await db.query<{ result: string }>(
      "SELECT result FROM payment_events WHERE payment_id = $1",
      [id],
    )
    expect(rows.map((row) => row.result)).toEqual(["credited"])
  })

  it("credits through reconciliation as well when the watcher is away, still once", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc", 10 * USD)
    standIn.pay("btc", invoice.address, Number(coinUnits(10 * USD, "65000", 8)))
    standIn.mine("btc", 2)
    const adapters = new Map(crypto.adapters.map((adapter) => [adapter.shortname, adapter]))
    const [reconciled, watched] = await Promise.all([
      reconcile(db, adapters, { olderThanMs: 0, log: app.log }),
      round(),
    ])
    const credits = [...reconciled, ...resultsFor(watched, id).map((result) => result.result)].filter(
      (result) => result === "credited",
    )
    expect(credits).toEqual(["credited"])
    expect(await balance(userId)).toBe(10 * USD)
  })

  it("keeps an underpaid invoice pending, shows what is missing, and pays it once the rest arrives", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 20_000)
    standIn.mine("btc", 3)
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "underpaid",
      received: "0.0002",
      remaining: "0.00018462",
      confirmations: 3,
    })
    expect(await payment(browser, id)).toMatchObject({ status: "pending" })
    expect(await balance(userId)).toBe(0)

    standIn.pay("btc", invoice.address, 18_462)
    standIn.mine("btc")
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "seen",
      received: "0.00038462",
      confirmations: 1,
    })
    standIn.mine("btc")
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "paid", remaining: "0" })
    expect(await balance(userId)).toBe(25 * USD)
  })

  it("expires an underpaid invoice when the quote ends, without credit, for a person to look at", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 30_000)
    standIn.mine("btc", 2)
    await round()
    await travel(id, 40)
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "expired", result: "expired" }])
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "expired",
      received: "0.0003",
      review: ["underpaid"],
    })
    expect(await payment(browser, id)).toMatchObject({ status: "expired" })
    expect(await balance(userId)).toBe(0)
    expect(
      logs.some((line) => line.includes("crypto invoice needs a person") && line.includes(invoice.address)),
    ).toBe(true)
  })

  it("credits an overpaid invoice its USD amount and notes the extra coin", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 50_000)
    standIn.mine("btc", 2)
    expect(resultsFor(await round(), id)).toEqual([
      { paymentId: id, outcome: "succeeded", result: "credited" },
    ])
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "paid",
      received: "0.0005",
      overpaid: "0.00011538",
      review: ["overpaid"],
    })
    expect(await balance(userId)).toBe(25 * USD)
  })

  it("expires an unpaid invoice after its quote, records money arriving later, and never credits it", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    await round()
    await travel(id, 20)
    // The quote has 10 minutes left: still waiting.
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "pending", result: null }])
    await travel(id, 12)
    // Ended two minutes ago, but within the grace for money already on its way.
    expect(resultsFor(await round(), id)[0]?.outcome).toBe("pending")
    await travel(id, ON_TIME_GRACE_MS / 60_000)
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "expired", result: "expired" }])

    standIn.pay("btc", invoice.address, 38_462)
    standIn.mine("btc", 3)
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "expired", result: null }])
    const late = await invoiceOf(browser, id)
    expect(late).toMatchObject({ state: "expired", received: "0", review: ["late_payment"] })
    expect(late.transactions).toEqual([
      {
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
        amount: "0.00038462",
        confirmations: 3,
        counted: false,
      },
    ])
    expect(await payment(browser, id)).toMatchObject({ status: "expired" })
    expect(await balance(userId)).toBe(0)
  })

  it("keeps the invoice as the checkout to come back to until the quote ends", async () => {
    const { browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    expect(await payment(browser, id)).toMatchObject({
      status: "pending",
      checkoutUrl: `${COIN_INFO.btc.page}?payment=${id}`,
      payableUntil: invoice.expiresAt,
    })
    await travel(id, 31)
    // The quote has ended: nothing to go back to, though the watcher still waits for money already on its way.
    expect(await payment(browser, id)).toMatchObject({ status: "pending", checkoutUrl: null })
  })

  it("cancels an invoice nothing was sent to; money sent afterwards is kept for a person, never credited", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    const response = await browser.post(`/api/v2/payments/${id}/cancel`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<Payment>()).toMatchObject({ status: "cancelled", checkoutUrl: null })
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "cancelled", review: [] })

    standIn.pay("btc", invoice.address, 38_462)
    standIn.mine("btc", 3)
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "succeeded", result: null }])
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "cancelled",
      received: "0.00038462",
      review: ["late_payment"],
    })
    expect(await payment(browser, id)).toMatchObject({ status: "cancelled" })
    expect(await balance(userId)).toBe(0)
  })

  it("does not cancel an invoice whose coins are on their way, and credits one paid meanwhile", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    // Sent, not yet confirmed (and not yet seen by the watcher): the cancel looks at the chain itself.
    standIn.pay("btc", invoice.address, 38_462)
    const onItsWay = await browser.post(`/api/v2/payments/${id}/cancel`)
    expect(onItsWay.statusCode).toBe(409)
    expect(errorOf(onItsWay).code).toBe("PAYMENT_IN_PROGRESS")
    expect(await payment(browser, id)).toMatchObject({ status: "pending" })

    standIn.mine("btc", 2)
    const paid = await browser.post(`/api/v2/payments/${id}/cancel`)
    expect(paid.statusCode).toBe(409)
    expect(errorOf(paid)).toMatchObject({ code: "PAYMENT_NOT_PENDING", details: { status: "succeeded" } })
    expect(await balance(userId)).toBe(25 * USD)
    // The watcher's next look changes nothing: credited once.
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "succeeded", result: null }])
    expect(await balance(userId)).toBe(25 * USD)

    // The explorer away: the chain cannot be asked, so the invoice stays as it is.
    const other = await newInvoice(browser, "btc")
    standIn.down = true
    const unreachable = await browser.post(`/api/v2/payments/${other.id}/cancel`)
    expect(unreachable.statusCode).toBe(502)
    expect(errorOf(unreachable).code).toBe("PAYMENT_PROVIDER_UNAVAILABLE")
    expect(await payment(browser, other.id)).toMatchObject({ status: "pending" })
  })

  it("pays money seen within the quote even when its confirmations come after the quote ended", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 38_462)
    await round()
    await travel(id, 60)
    standIn.mine("btc", 2)
    expect(resultsFor(await round(), id)).toEqual([
      { paymentId: id, outcome: "succeeded", result: "credited" },
    ])
    expect(await balance(userId)).toBe(25 * USD)
  })

  it("pays a BCH invoice at a CashAddr after six confirmations", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "bch")
    expect(invoice).toMatchObject({
      address: "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6",
      coinAmount: "0.0625",
      uri: "bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6?amount=0.0625",
      requiredConfirmations: 6,
    })
    standIn.pay("bch", invoice.address, 6_250_000)
    standIn.mine("bch", 5)
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "seen", confirmations: 5 })
    standIn.mine("bch")
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "paid" })
    expect(await balance(userId)).toBe(25 * USD)
  })

  it("pays a USDT invoice on TRON after 20 confirmations, counting only the real USDT contract", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "usdt-tron")
    expect(invoice).toMatchObject({
      address: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      coinAmount: "25",
      // No wallet-wide URI for a TRC-20 amount: the QR code holds the address.
      uri: "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      requiredConfirmations: 20,
    })
    // A token calling itself USDT from another contract, and a transfer that reverted: neither is money.
    standIn.pay("tron", invoice.address, 25_000_000, { contract: "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj" })
    standIn.pay("tron", invoice.address, 25_000_000, { result: "REVERT" })
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "waiting", received: "0" })

    standIn.pay("tron", invoice.address, 25_000_000)
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({
      state: "seen",
      confirmations: 1,
      requiredConfirmations: 20,
    })
    standIn.mine("tron", 18)
    await round()
    expect(await invoiceOf(browser, id)).toMatchObject({ state: "seen", confirmations: 19 })
    expect(await balance(userId)).toBe(0)
    standIn.mine("tron")
    expect(resultsFor(await round(), id)).toEqual([
      { paymentId: id, outcome: "succeeded", result: "credited" },
    ])
    expect(await balance(userId)).toBe(25 * USD)
    // TronGrid was asked with the API key and for this contract's transfers to the address only.
    expect(standIn.requests).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^GET /trongrid/v1/accounts/${invoice.address}/transactions/trc20\\?only_to=true&contract_address=${USDT_TRC20_CONTRACT}&limit=200&min_timestamp=\\d+$`,
        ),
      ),
    )
  })

  it("leaves an invoice pending when the explorer is down, and looks again next round", async () => {
    const { id: userId, browser } = await newCustomer()
    const { id, invoice } = await newInvoice(browser, "btc")
    standIn.pay("btc", invoice.address, 38_462)
    standIn.mine("btc", 2)
    standIn.down = true
    expect(resultsFor(await round(), id)).toEqual([{ paymentId: id, outcome: "error", result: null }])
    expect(
      logs.some((line) => line.includes("crypto invoice could not be checked") && line.includes("503")),
    ).toBe(true)
    expect(await payment(browser, id)).toMatchObject({ status: "pending" })
    standIn.down = false
    expect(resultsFor(await round(), id)).toEqual([
      { paymentId: id, outcome: "succeeded", result: "credited" },
    ])
    expect(await balance(userId)).toBe(25 * USD)
  })

  it("refuses webhooks for crypto providers: the chain watcher follows them", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v2/payments/webhooks/crypto-btc",
      payload: "{}",
      headers: { "content-type": "application/json" },
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response)).toMatchObject({
      code: "WEBHOOK_REFUSED",
      message: expect.stringMatching(/chain watcher/),
    })
  })

  it("refuses a top-up in roubles: invoices are quoted from dollars", async () => {
    const { browser } = await newCustomer()
    const response = await browser.post("/api/v2/payments", {
      provider: "crypto-btc",
      amount: 1000 * USD,
      currency: "RUB",
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).code).toBe("CURRENCY_NOT_SUPPORTED")
  })
})

describe("the Esplora watcher", () => {
  it("reads only outputs paying the invoice's script, with confirmations from the tip", async () => {
    const standIn = await startCryptoStandIn({ usdtContract: USDT_TRC20_CONTRACT })
    try {
      const address = BIP84.receive[1]!.address
      standIn.pay("btc", address, 1_000)
      standIn.mine("btc", 4)
      standIn.pay("btc", address, 2_000)
      const seen = await esploraWatcher({ baseUrl: standIn.urls.btc }).observe({
        coin: "btc",
        address,
        createdAt: new Date(),
      })
      expect(seen.map(({ amount, confirmations }) => ({ amount, confirmations }))).toEqual([
        { amount: 2_000, confirmations: 0 },
        { amount: 1_000, confirmations: 4 },
      ])
      expect(seen[1]!.blockTime).toBeInstanceOf(Date)
    } finally {
      await standIn.close()
    }
  })
})

describe("crypto without keys", () => {
  it("offers no crypto provider and says every coin is off", async () => {
    const { app, stop } = await startTestApp(engines[0]!)
    try {
      const data = (
        await app.inject({ method: "GET", url: "/api/v2/crypto/currencies" })
      ).json<CryptoCurrenciesData>()
      expect(data.currencies.map(({ coin, enabled, rate }) => ({ coin, enabled, rate }))).toEqual([
        { coin: "btc", enabled: false, rate: null },
        { coin: "bch", enabled: false, rate: null },
        { coin: "usdt-tron", enabled: false, rate: null },
      ])
      const providers = (
        await app.inject({ method: "GET", url: "/api/v2/payments/providers" })
      ).json<ProvidersData>()
      expect(providers.providers.map((provider) => provider.shortname)).toEqual(["sandbox"])
    } finally {
      await stop()
    }
  })
})
