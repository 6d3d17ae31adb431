/** The countries with their own local-proxy page, in the order the site lists them. */
export const countryIds = ["us", "mx", "de", "fr", "ru", "ca", "br", "uk", "es", "pt"] as const

export type CountryId = (typeof countryIds)[number]

export interface CountryContent {
  /** ISO 3166-1 alpha-2 code used in the proxy login; the page slug of the United Kingdom is "uk", its code "gb". */
  iso: string
  /** Ids of the reasons to use this country's IPs (`countries.<id>.why.items.<reason>`). */
  why: readonly string[]
  /** Ids of the cities listed as targetable (`countries.<id>.cities.items.<city>`). */
  cities: readonly string[]
  /** Ids of the country's own questions (`countries.<id>.faq.<question>`); the shared login question follows. */
  faq: readonly string[]
}

export const countryContent: Record<CountryId, CountryContent> = {
  us: {
    iso: "us",
    why: ["streaming", "retail", "serp", "ads"],
    cities: ["newYork", "losAngeles", "chicago", "houston", "miami", "dallas", "seattle", "atlanta"],
    faq: ["streaming", "state", "amazon"],
  },
  mx: {
    iso: "mx",
    why: ["marketplaces", "serp", "apps", "ads"],
    cities: ["mexicoCity", "guadalajara", "monterrey", "puebla", "tijuana", "leon", "queretaro", "merida"],
    faq: ["mercadoLibre", "mobile", "spain"],
  },
  de: {
    iso: "de",
    why: ["gdpr", "marketplaces", "serp", "ads"],
    cities: ["berlin", "munich", "hamburg", "frankfurt", "cologne", "stuttgart", "dusseldorf", "leipzig"],
    faq: ["gdpr", "amazon", "frankfurt"],
  },
  fr: {
    iso: "fr",
    why: ["retail", "serp", "media", "ads"],
    cities: ["paris", "marseille", "lyon", "toulouse", "nice", "nantes", "bordeaux", "lille"],
    faq: ["vat", "paris", "francophone"],
  },
  ru: {
    iso: "ru",
    why: ["marketplaces", "yandex", "services", "ads"],
    cities: [
      "moscow",
      "saintPetersburg",
      "novosibirsk",
      "yekaterinburg",
      "kazan",
      "nizhnyNovgorod",
      "krasnodar",
      "samara",
    ],
    faq: ["marketplaces", "yandex", "law"],
  },
  ca: {
    iso: "ca",
    why: ["retail", "bilingual", "content", "privacy"],
    cities: ["toronto", "montreal", "vancouver", "calgary", "edmonton", "ottawa", "winnipeg", "quebecCity"],
    faq: ["usDifference", "quebec", "province"],
  },
  br: {
    iso: "br",
    why: ["market", "marketplaces", "serp", "payments"],
    cities: [
      "saoPaulo",
      "rioDeJaneiro",
      "brasilia",
      "salvador",
      "fortaleza",
      "beloHorizonte",
      "curitiba",
      "recife",
    ],
    faq: ["portugal", "states", "mobile"],
  },
  uk: {
    iso: "gb",
    why: ["retail", "odds", "serp", "content"],
    cities: ["london", "manchester", "birmingham", "glasgow", "edinburgh", "leeds", "bristol", "belfast"],
    faq: ["code", "odds", "london"],
  },
  es: {
    iso: "es",
    why: ["retail", "travel", "serp", "consent"],
    cities: ["madrid", "barcelona", "valencia", "seville", "zaragoza", "malaga", "bilbao", "palma"],
    faq: ["latam", "canaries", "cities"],
  },
  pt: {
    iso: "pt",
    why: ["language", "retail", "serp", "testing"],
    cities: ["lisbon", "porto", "braga", "coimbra", "faro", "funchal", "aveiro", "setubal"],
    faq: ["brazil", "islands", "spain"],
  },
}

/** The proxy types each country page links to, with their landing pages. */
export const proxyTypes = ["residential", "mobile", "datacenter", "isp"] as const

export const proxyHost = "proxy.manyhands.dev"

/** The login of the connection examples: the account's login with the country parameter. */
export function exampleLogin(iso: string) {
  return `USER-country-${iso}`
}

/** Connection examples that print the country of the exit IP. */
export function connectionSnippets(iso: string) {
  const proxy = `http://${exampleLogin(iso)}:PASS@${proxyHost}:PORT`
  return [
    {
      language: "bash" as const,
      code: `curl -x "${proxy}" \\
  https://ipinfo.io/json`,
    },
    {
      language: "python" as const,
      code: `import requests

proxy = "${proxy}"
response = requests.get(
    "https://ipinfo.io/json",
    proxies={"http": proxy, "https": proxy},
    timeout=30,
)
print(response.json()["country"])  # ${iso.toUpperCase()}`,
    },
  ]
}
