import { describe, expect, it } from "vitest"
import { ConfigError, loadConfig } from "../src/config"

describe("loadConfig", () => {
  it("serves on localhost:3000 with the embedded database by default", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ host: "localhost", port: 3000, databaseUrl: undefined, env: "production" })
    expect(config.dataDir).toMatch(/\.data$/)
  })

  it("honours PORT, HOST, DATABASE_URL and DATA_DIR", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://app:pw@db:5432/manyhands",
      DATA_DIR: "/var/lib/manyhands",
    })
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://app:pw@db:5432/manyhands",
      dataDir: "/var/lib/manyhands",
    })
  })

  it("pays referrers 10 % of referred customers' spend and 5 % of referred workers' earnings unless told", () => {
    expect(loadConfig({}).affiliateShares).toEqual({ customerPercent: 10, workerPercent: 5 })
    expect(
      loadConfig({ AFFILIATE_CUSTOMER_SHARE_PERCENT: "0", AFFILIATE_WORKER_SHARE_PERCENT: "50" })
        .affiliateShares,
    ).toEqual({ customerPercent: 0, workerPercent: 50 })
  })

  it.each([
    [
      { AFFILIATE_CUSTOMER_SHARE_PERCENT: "51" },
      /AFFILIATE_CUSTOMER_SHARE_PERCENT must be a whole number from 0 to 50/,
    ],
    [
      { AFFILIATE_WORKER_SHARE_PERCENT: "2.5" },
      /AFFILIATE_WORKER_SHARE_PERCENT must be a whole number from 0 to 50/,
    ],
    [{ AFFILIATE_WORKER_SHARE_PERCENT: "-1" }, /AFFILIATE_WORKER_SHARE_PERCENT must be/],
    [{ PORT: "abc" }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    [{ PORT: "70000" }, /PORT must be/],
    [{ PORT: "80.5" }, /PORT must be/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
    [{ NODE_ENV: "staging" }, /NODE_ENV must be one of development, production, test/],
    [{ TRUST_PROXY: "maybe" }, /TRUST_PROXY must be true or false/],
    [{ DATABASE_URL: "mysql://root:secret@db/x" }, /DATABASE_URL must be a postgres:\/\//],
    [{ JOBS_POLL_SECONDS: "0" }, /JOBS_POLL_SECONDS must be a whole number from 1 to 60/],
    [{ JOBS_MAINTENANCE_SECONDS: "1.5" }, /JOBS_MAINTENANCE_SECONDS must be a whole number from 1 to 3600/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError)
    expect(() => loadConfig(env)).toThrowError(message)
  })

  it("never repeats a database password in its error", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/x" })).not.toThrowError(/hunter2/)
  })

  it("needs two PostgreSQL connections at least (one holds the job-schema lock while pg-boss installs)", () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: "2" }).databasePoolSize).toBe(2)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrowError(/DATABASE_POOL_SIZE/)
  })

  it("reports every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "y" })).toThrowError(/PORT.*; LOG_LEVEL/)
  })

  describe("crypto invoices (CRYPTO.md)", () => {
    // BIP-84's published test account ("abandon … about"); its private half is in the BIP, so never real money.
    const ZPUB =
      "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs"
    const ZPRV =
      "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE"

    it("are off without keys, with the default confirmations, quote time and watcher", () => {
      expect(loadConfig({}).crypto).toMatchObject({
        keys: {},
        demoKeys: false,
        confirmations: { btc: 2, bch: 6, "usdt-tron": 20 },
        quoteMinutes: 30,
        watchSeconds: 60,
        esploraUrls: { btc: "https://blockstream.info/api", bch: undefined },
        tronGridUrl: "https://api.trongrid.io",
        usdtContract: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      })
    })

    it("enable a coin by its extended public key, with its rate", () => {
      const config = loadConfig({
        CRYPTO_BTC_XPUB: ZPUB,
        CRYPTO_RATES: "BTC=65000",
        CRYPTO_CONFIRMATIONS_BTC: "3",
        CRYPTO_QUOTE_MINUTES: "15",
      })
      expect(config.crypto).toMatchObject({ keys: { btc: ZPUB }, rates: { BTC: "65000" }, quoteMinutes: 15 })
      expect(config.crypto.confirmations.btc).toBe(3)
      // A real provider in production turns the free sandbox off unless asked for.
      expect(config.paymentSandbox).toBe(false)
      expect(
        loadConfig({ CRYPTO_BTC_XPUB: ZPUB, CRYPTO_RATES: "BTC=65000", PAYMENT_SANDBOX: "true" })
          .paymentSandbox,
      ).toBe(true)
    })

    it("give free sandbox money only in development, tests and the embedded demo", () => {
      const server = { DATABASE_URL: "postgres://db.internal/manyhands" }
      // A production server with a real database and no provider keys: no sandbox (it used to turn it on).
      expect(loadConfig(server).paymentSandbox).toBe(false)
      // Asking for it there needs the loud confirmation too.
      expect(() => loadConfig({ ...server, PAYMENT_SANDBOX: "true" })).toThrowError(
        /PAYMENT_SANDBOX_FREE_MONEY_IN_PRODUCTION=true/,
      )
      expect(
        loadConfig({ ...server, PAYMENT_SANDBOX: "true", PAYMENT_SANDBOX_FREE_MONEY_IN_PRODUCTION: "true" })
          .paymentSandbox,
      ).toBe(true)
      // The embedded demo of `npm start` (production mode on PGlite) and any development or test run: on.
      expect(loadConfig({}).paymentSandbox).toBe(true)
      expect(loadConfig({ ...server, NODE_ENV: "test" }).paymentSandbox).toBe(true)
      expect(loadConfig({ ...server, NODE_ENV: "development" }).paymentSandbox).toBe(true)
    })

    it("show the mail outbox in the embedded demo and outside production, never on a production server", () => {
      // `npm start`: production mode on PGlite without SMTP; a newcomer confirms their account from /dev/mail.
      expect(loadConfig({}).mailOutboxViewer).toBe(true)
      expect(loadConfig({ SMTP_URL: "smtp://mail.internal:587" }).mailOutboxViewer).toBe(false)
      const server = { DATABASE_URL: "postgres://db.internal/manyhands" }
      expect(loadConfig(server).mailOutboxViewer).toBe(false)
      expect(() => loadConfig({ ...server, MAIL_OUTBOX_VIEWER: "true" })).toThrowError(/MAIL_OUTBOX_VIEWER/)
      expect(loadConfig({ ...server, NODE_ENV: "test" }).mailOutboxViewer).toBe(true)
      expect(loadConfig({ MAIL_OUTBOX_VIEWER: "false" }).mailOutboxViewer).toBe(false)
    })

    it("fill in the well-known test keys only when asked, and never in production", () => {
      const demo = loadConfig({ NODE_ENV: "development", CRYPTO_DEMO_KEYS: "true" }).crypto
      // No public Esplora for BCH: its demo key only with an explorer to watch it.
      expect(Object.keys(demo.keys)).toEqual(["btc", "usdt-tron"])
      expect(demo.rates).toEqual({ BTC: "65000", BCH: "400", USDT: "1" })
      const withBch = loadConfig({
        NODE_ENV: "test",
        CRYPTO_DEMO_KEYS: "true",
        CRYPTO_BCH_ESPLORA_URL: "http://127.0.0.1:3002/",
      })
      expect(Object.keys(withBch.crypto.keys)).toEqual(["btc", "bch", "usdt-tron"])
      expect(withBch.crypto.esploraUrls.bch).toBe("http://127.0.0.1:3002")
      expect(() => loadConfig({ CRYPTO_DEMO_KEYS: "true" })).toThrowError(
        /CRYPTO_DEMO_KEYS cannot be used in production: everybody can spend/,
      )
    })

    it.each([
      [{ CRYPTO_BTC_XPUB: ZPRV, CRYPTO_RATES: "BTC=1" }, /CRYPTO_BTC_XPUB is a private key \(zprv\)/],
      [
        { CRYPTO_TRON_XPUB: ZPUB, CRYPTO_RATES: "USDT=1" },
        /CRYPTO_TRON_XPUB is a zpub, not an account-level extended public key \(xpub, the account m\/44'\/195'\/0'\)/,
      ],
      [
        { CRYPTO_BCH_XPUB: "hello" },
        /CRYPTO_BCH_XPUB is not an account-level extended public key .* does not decode/,
      ],
      [
        { CRYPTO_BTC_XPUB: ZPUB },
        /CRYPTO_RATES must give the rate of BTC \(USD per coin\), which CRYPTO_BTC_XPUB enables/,
      ],
      [
        { CRYPTO_BTC_XPUB: ZPUB, CRYPTO_RATES: "USDT=1" },
        /CRYPTO_RATES has no rate for BTC, which CRYPTO_BTC_XPUB enables/,
      ],
      [{ CRYPTO_RATES: "BTC=abc" }, /CRYPTO_RATES: the rate of BTC must be a positive decimal number/],
      [{ CRYPTO_CONFIRMATIONS_TRON: "0" }, /CRYPTO_CONFIRMATIONS_TRON must be a whole number from 1 to 1000/],
      [{ CRYPTO_QUOTE_MINUTES: "2" }, /CRYPTO_QUOTE_MINUTES must be a whole number from 5 to 1440/],
      [{ CRYPTO_WATCH_SECONDS: "5" }, /CRYPTO_WATCH_SECONDS must be 0 \(off\) or from 10 to 600/],
      [
        { CRYPTO_TRONGRID_URL: "ftp://tron" },
        /CRYPTO_TRONGRID_URL must be an http:\/\/ or https:\/\/ address/,
      ],
      [
        { CRYPTO_USDT_CONTRACT: "0xdAC17F958D2ee523a2206206994597C13D831ec7" },
        /CRYPTO_USDT_CONTRACT must be a TRON address/,
      ],
    ])("refuse %o with a message naming the variable", (env, message) => {
      expect(() => loadConfig(env)).toThrowError(ConfigError)
      expect(() => loadConfig(env)).toThrowError(message)
    })

    it("never repeat a key in an error: a private key pasted by mistake must not reach a log", () => {
      expect(() => loadConfig({ CRYPTO_BTC_XPUB: ZPRV })).not.toThrowError(ZPRV.slice(4, 40))
    })

    it("need an Esplora server for BCH", () => {
      expect(() =>
        loadConfig({
          CRYPTO_BCH_XPUB:
            "xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ",
          CRYPTO_RATES: "BCH=400",
        }),
      ).toThrowError(/CRYPTO_BCH_ESPLORA_URL must be set with CRYPTO_BCH_XPUB/)
    })
  })
})
