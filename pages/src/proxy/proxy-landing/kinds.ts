/** Every proxy landing page, in the order the "other proxy types" block lists them. */
export const proxyKinds = [
  "residential",
  "mobile",
  "datacenter",
  "isp",
  "socks5",
  "https",
  "premium",
  "rotating",
  "elite",
  "anonymous",
] as const

export type ProxyKind = (typeof proxyKinds)[number]

/** The proxy string every example uses; real values are shown in the proxy cabinet. */
const proxy = "USER:PASS@proxy.manyhands.dev:PORT"

interface KindContent {
  /** Other kinds this page compares itself with; keys under `<kind>.compare.<other>`. */
  compare: readonly ProxyKind[]
  /** Keys under `<kind>.features`. */
  features: readonly string[]
  /** Keys under `<kind>.useCases`. */
  useCases: readonly string[]
  /** Keys under `<kind>.faq`. */
  faq: readonly string[]
  /** A shell example that uses the proxy. */
  code: string
  /** The in.php `proxytype` for passing this proxy to the captcha API. */
  proxyType: "HTTP" | "HTTPS" | "SOCKS5"
}

/** What each landing page shows: the ids of its texts (locales/<lang>/proxy.json) and its code examples. */
export const kindContent: Record<ProxyKind, KindContent> = {
  residential: {
    compare: ["datacenter", "mobile", "isp"],
    features: ["geo", "rotation", "trust", "subUsers", "clients"],
    useCases: ["captchas", "prices", "ads", "serp"],
    faq: ["speed", "sameIp", "city", "traffic", "captcha"],
    code: `curl -x http://${proxy} \\
  https://ipinfo.io/json`,
    proxyType: "HTTP",
  },
  mobile: {
    compare: ["residential", "datacenter", "rotating"],
    features: ["carrier", "reconnect", "nat", "geo", "session"],
    useCases: ["social", "apps", "strict", "ads"],
    faq: ["rotate", "speed", "shared", "detect", "captcha"],
    code: `curl -x http://${proxy} \\
  --retry 3 --retry-all-errors \\
  https://ipinfo.io/json`,
    proxyType: "HTTP",
  },
  datacenter: {
    compare: ["residential", "isp", "mobile"],
    features: ["speed", "subnets", "static", "perIp", "clients"],
    useCases: ["bulk", "monitoring", "qa", "captchas"],
    faq: ["blocked", "subnets", "replace", "rate", "captcha"],
    code: `curl -x http://${proxy} \\
  -o /dev/null -s \\
  -w "connect: %{time_connect}s  total: %{time_total}s\\n" \\
  https://example.com`,
    proxyType: "HTTP",
  },
  isp: {
    compare: ["residential", "datacenter", "premium"],
    features: ["static", "speed", "registration", "accounts", "allowlist"],
    useCases: ["accounts", "flows", "monitoring", "captchas"],
    faq: ["real", "rotate", "countries", "flagged", "captcha"],
    code: `curl -x http://proxy.manyhands.dev:PORT https://api.ipify.org
curl -x http://proxy.manyhands.dev:PORT https://api.ipify.org`,
    proxyType: "HTTP",
  },
  socks5: {
    compare: ["https", "residential", "elite"],
    features: ["anyTcp", "remoteDns", "udp", "auth", "untouched"],
    useCases: ["browsers", "apps", "captchas", "qa"],
    faq: ["encrypt", "dns", "udp", "speed", "captcha"],
    code: `curl -x socks5h://${proxy} \\
  https://ipinfo.io/json`,
    proxyType: "SOCKS5",
  },
  https: {
    compare: ["socks5", "elite", "residential"],
    features: ["connect", "tls", "support", "auth", "env"],
    useCases: ["scraping", "prices", "ads", "captchas"],
    faq: ["see", "credentials", "plainHttp", "http2", "captcha"],
    code: `curl -v -x http://${proxy} \\
  -o /dev/null https://example.com`,
    proxyType: "HTTPS",
  },
  premium: {
    compare: ["residential", "datacenter", "isp"],
    features: ["dedicated", "sla", "replacement", "composition", "support"],
    useCases: ["pipelines", "prices", "ads", "captchas"],
    faq: ["difference", "sla", "size", "change", "test"],
    code: `export HTTP_PROXY=http://${proxy}
export HTTPS_PROXY=$HTTP_PROXY
curl https://ipinfo.io/json
python3 scraper.py`,
    proxyType: "HTTP",
  },
  rotating: {
    compare: ["isp", "residential", "mobile"],
    features: ["perRequest", "sticky", "gateway", "geo", "parallel"],
    useCases: ["crawls", "serp", "prices", "captchas"],
    faq: ["duration", "repeat", "keepAlive", "count", "captcha"],
    code: `for i in 1 2 3; do
  curl -s -x http://${proxy} \\
    https://api.ipify.org
  echo
done`,
    proxyType: "HTTP",
  },
  elite: {
    compare: ["anonymous", "residential", "socks5"],
    features: ["noHeaders", "hiddenIp", "ipTypes", "verify", "setup"],
    useCases: ["scraping", "prices", "ads", "captchas"],
    faq: ["levels", "https", "detect", "check", "captcha"],
    code: `curl -s -x http://${proxy} \\
  http://httpbin.org/get \\
  | grep -iE '"(via|forwarded|x-forwarded-for|origin)"'`,
    proxyType: "HTTP",
  },
  anonymous: {
    compare: ["elite", "https", "datacenter"],
    features: ["hiddenIp", "via", "policies", "ipTypes", "verify"],
    useCases: ["privacy", "proxyHandling", "geo", "captchas"],
    faq: ["whyNotElite", "headers", "transparent", "blocked", "https"],
    code: `curl -s -x http://${proxy} \\
  http://httpbin.org/get`,
    proxyType: "HTTP",
  },
}

/** A reCAPTCHA v2 sent to the captcha API with the same proxy, so the token is issued for the proxy's IP. */
export function solverExample(proxyType: KindContent["proxyType"]): string {
  return `curl https://manyhands.dev/in.php \\
  -d key=YOUR_API_KEY \\
  -d method=userrecaptcha \\
  -d googlekey=SITE_KEY \\
  -d pageurl=https://example.com/login \\
  -d proxy=${proxy} \\
  -d proxytype=${proxyType}`
}
