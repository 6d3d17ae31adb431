import { execFileSync, spawnSync } from "node:child_process"
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { extname, join } from "node:path"
import { expect, test } from "@playwright/test"

// Packs @manyhands/design-system, installs the tarball into a throw-away Vite app outside the workspace,
// builds it and checks in Chromium that the published package works as documented.
const repoRoot = join(import.meta.dirname, "../..")
const designSystem = join(repoRoot, "design-system")
const versions = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies as Record<
  string,
  string
>
const appVersions = JSON.parse(readFileSync(join(repoRoot, "app/package.json"), "utf8"))
  .dependencies as Record<string, string>

let dir: string
let server: Server
let baseURL: string

test.beforeAll(async () => {
  test.setTimeout(300_000)
  dir = mkdtempSync(join(tmpdir(), "manyhands-consumer-"))
  const run = (command: string, args: string[], cwd: string) =>
    execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" })
  const packed = run("npx", ["--yes", "pnpm@10.34.9", "pack", "--pack-destination", dir], designSystem)
  const tarball = packed.trim().split("\n").pop() as string
  expect(existsSync(tarball), `pnpm pack wrote ${tarball}`).toBe(true)
  cpSync(join(import.meta.dirname, "app"), dir, { recursive: true })
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "design-system-consumer",
      private: true,
      type: "module",
      dependencies: {
        "@manyhands/design-system": `file:${tarball}`,
        react: appVersions.react,
        "react-dom": appVersions["react-dom"],
      },
      devDependencies: {
        vite: versions.vite,
        "@vitejs/plugin-react": versions["@vitejs/plugin-react"],
        typescript: versions.typescript,
        "@types/react": versions["@types/react"],
        "@types/react-dom": versions["@types/react-dom"],
      },
    }),
  )
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], dir)
  run("npx", ["vite", "build", "--logLevel", "warn"], dir)

  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".woff2": "font/woff2",
  }
  server = createServer((request, response) => {
    const path = join(
      dir,
      "dist",
      request.url === "/" ? "index.html" : ((request.url ?? "").split("?")[0] as string),
    )
    if (!path.startsWith(join(dir, "dist")) || !existsSync(path)) return void response.writeHead(404).end()
    response.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" })
    createReadStream(path).pipe(response)
  })
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  baseURL = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})

test.afterAll(async () => {
  await new Promise((done) => server?.close(done))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test("the consumer app type-checks (strict, library declarations too) against the published types", () => {
  const tsc = join(dir, "node_modules/typescript/bin/tsc")
  const result = spawnSync(process.execPath, [tsc, "-p", "."], { cwd: dir, encoding: "utf8" })
  expect(result.stdout + result.stderr, "tsc's errors").toBe("")
  expect(result.status).toBe(0)
})

test("the package passes publint (strict) and Are the Types Wrong (an ESM-only package)", () => {
  const result = spawnSync("pnpm", ["run", "--silent", "lint:package"], {
    cwd: designSystem,
    encoding: "utf8",
  })
  expect(result.status, result.stdout + result.stderr).toBe(0)
  expect(result.stdout).toContain("All good!")
})

test("the package ships only the font files its CSS names", () => {
  const css = readFileSync(join(designSystem, "dist/styles.css"), "utf8")
  const named = [...css.matchAll(/url\(\.\/fonts\/([^)]+)\)/g)].map((match) => match[1]).sort()
  expect(named.length).toBeGreaterThan(0)
  expect(readdirSync(join(designSystem, "dist/fonts")).sort()).toEqual([...new Set(named)])
})

test("the installed package renders a styled Button that opens a working Modal, an AlertDialog, a composed Dialog and tables", async ({
  page,
}) => {
  const problems: string[] = []
  page.on("pageerror", (error) => problems.push(error.message))
  await page.goto(baseURL)
  const trigger = page.getByRole("button", { name: "Top up" })
  await expect(trigger).toHaveAttribute("data-variant", "primary")
  // The precompiled CSS is applied: the primary token colour and the packaged Inter font.
  await expect(trigger).toHaveCSS("background-color", "rgb(35, 70, 204)")
  expect(await trigger.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(
    "Inter Variable",
  )

  await trigger.click()
  const dialog = page.getByRole("dialog", { name: "Top up your balance" })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute("data-size", "md")
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()

  await trigger.click()
  await dialog.getByRole("button", { name: "Done" }).click()
  await expect(dialog).toBeHidden()

  // The AlertDialog: focus on Cancel first, Escape cancels, the confirm runs the action and closes.
  const revoke = page.getByRole("button", { name: "Revoke key" })
  await revoke.click()
  const alert = page.getByRole("alertdialog", { name: "Revoke the API key?" })
  await expect(alert.getByRole("button", { name: "Cancel" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(alert).toBeHidden()
  await expect(revoke).toBeFocused()
  await revoke.click()
  await alert.getByRole("button", { name: "Revoke" }).click()
  await expect(alert).toBeHidden()
  await expect(page).toHaveTitle("revoked")

  // The Dialog parts: named and described by their title and description, the focus on the chosen field, the
  // "×" button labelled by the provider, Escape closes and the focus returns to the trigger.
  const rename = page.getByRole("button", { name: "Rename key" })
  await rename.click()
  const renameDialog = page.getByRole("dialog", { name: "Rename the API key" })
  await expect(renameDialog).toHaveAttribute("data-size", "sm")
  await expect(renameDialog).toHaveAccessibleDescription("Only you see this name.")
  await expect(renameDialog.getByRole("textbox", { name: "Name" })).toBeFocused()
  await expect(renameDialog.getByRole("button", { name: "Close" })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(renameDialog).toBeHidden()
  await expect(rename).toBeFocused()

  // German texts come from their own entry (@manyhands/design-system/messages/de): the × is "Schließen".
  await page.getByRole("button", { name: "Aufladen" }).click()
  const german = page.getByRole("dialog", { name: "Guthaben aufladen" })
  await expect(german.getByRole("button", { name: "Schließen" })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(german).toBeHidden()

  // The data table sorts through the caller; the parts compose a plain table with row headers.
  const keysTable = page.getByRole("table", { name: "API keys" })
  await keysTable.getByRole("button", { name: "Calls today" }).click()
  await expect(keysTable.getByRole("columnheader", { name: "Calls today" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  )
  await expect(keysTable.getByRole("rowheader")).toHaveText(["Checkout bot", "Staging", "Scraper"])
  const limits = page.getByRole("table", { name: "Limits" })
  await expect(limits.getByRole("rowheader", { name: "Requests per second" })).toBeVisible()
  await expect(limits.getByRole("cell", { name: "50" })).toHaveCSS("text-align", "end")
  expect(problems).toEqual([])
})
