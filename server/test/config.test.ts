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

  it.each([
    [{ PORT: "abc" }, /PORT must be a whole number from 0 to 65535 \(got "abc"\)/],
    [{ PORT: "70000" }, /PORT must be/],
    [{ PORT: "80.5" }, /PORT must be/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
    [{ NODE_ENV: "staging" }, /NODE_ENV must be one of development, production, test/],
    [{ TRUST_PROXY: "maybe" }, /TRUST_PROXY must be true or false/],
    [{ DATABASE_URL: "mysql://root:secret@db/x" }, /DATABASE_URL must be a postgres:\/\//],
  ])("refuses %o with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError)
    expect(() => loadConfig(env)).toThrowError(message)
  })

  it("never repeats a database password in its error", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/x" })).not.toThrowError(/hunter2/)
  })

  it("reports every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", LOG_LEVEL: "y" })).toThrowError(/PORT.*; LOG_LEVEL/)
  })
})
