/** A browser and a system named in a User-Agent header, as people call them. */
export interface DeviceName {
  browser: string | null
  os: string | null
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/|\bEdgiOS\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
]

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
]

/** The short form of a session's User-Agent ("Chrome", "Windows"); null parts when it names none we know. */
export function deviceName(userAgent: string | null): DeviceName {
  const find = (list: [RegExp, string][]) =>
    (userAgent && list.find(([pattern]) => pattern.test(userAgent))?.[1]) || null
  return { browser: find(BROWSERS), os: find(SYSTEMS) }
}
