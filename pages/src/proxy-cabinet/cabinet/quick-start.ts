import type { CodeLanguage } from "@manyhands/design-system"
import type { Gateway } from "@manyhands/contract/proxy"

/** The examples' languages, in the order of their tabs. */
export const QUICK_START_LANGUAGES = [
  "bash",
  "python",
  "javascript",
] as const satisfies readonly CodeLanguage[]
export type QuickStartLanguage = (typeof QUICK_START_LANGUAGES)[number]
/** The tabs' names: products, the same in every language. */
export const QUICK_START_TAB_NAMES: Record<QuickStartLanguage, string> = {
  bash: "cURL",
  python: "Python",
  javascript: "Node.js",
}

/** What the examples write for the password (the page does not put it into code that is copied around). */
export const PASSWORD_PLACEHOLDER = "PASSWORD"
/** The user name of the examples when the account has no sub-user yet. */
export const SUBUSER_PLACEHOLDER = "SUBUSER"
/** A page that answers with the address it was asked from: the exit's. */
const TARGET = "https://api.ipify.org?format=json"

/** One request through the gateway's HTTP port as a sub-user: curl, Python requests, Node (undici). */
export function quickStartCode(language: QuickStartLanguage, gateway: Gateway, subuser?: string): string {
  const user = subuser ?? SUBUSER_PLACEHOLDER
  const proxy = `http://${user}:${PASSWORD_PLACEHOLDER}@${gateway.host}:${gateway.httpPort}`
  switch (language) {
    case "bash":
      return `curl --proxy http://${gateway.host}:${gateway.httpPort} \\
  --proxy-user ${user}:${PASSWORD_PLACEHOLDER} \\
  "${TARGET}"
`
    case "python":
      return `import requests

proxy = "${proxy}"
response = requests.get(
    "${TARGET}",
    proxies={"http": proxy, "https": proxy},
    timeout=30,
)
print(response.text)
`
    case "javascript":
      return `// npm install undici
import { ProxyAgent, fetch } from "undici"

const dispatcher = new ProxyAgent("${proxy}")
const response = await fetch("${TARGET}", { dispatcher })
console.log(await response.text())
`
  }
}
