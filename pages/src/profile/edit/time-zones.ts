import type { ComboboxOption } from "@manyhands/design-system"

/**
 * The IANA time zones this browser (or the server's Node) knows, UTC first, as Combobox options:
 * "America/New_York" reads "America/New York". The user's current zone is always listed, even one the
 * runtime does not know, so the field never shows a value it cannot display.
 */
export function timeZoneOptions(current: string): ComboboxOption[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []
  const zones = [...new Set(["UTC", ...known, ...(current ? [current] : [])])]
  return zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))
}
