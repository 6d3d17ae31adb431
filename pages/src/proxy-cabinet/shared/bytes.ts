import { useFormatter } from "@manyhands/design-system"

/**
 * Bytes in the page's language, in decimal units (the design system's formatter: 1.5 GB, 380 MB); nothing at all
 * reads as "0 GB", the unit traffic is sold in, rather than "0 byte".
 */
export function useBytes(): (bytes: number) => string {
  const format = useFormatter()
  return (bytes) =>
    bytes === 0
      ? format.number(0, { style: "unit", unit: "gigabyte", unitDisplay: "short" })
      : format.bytes(bytes)
}
