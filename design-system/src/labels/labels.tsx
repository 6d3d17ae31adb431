import { createContext, useContext, type ReactNode } from "react"

/**
 * Built-in texts of the design system. The package never hard-codes a language: an app passes its
 * translations through <DesignSystemLabels>; the English defaults serve stories and quick starts.
 */
export interface Labels {
  /** Accessible name of the close button of overlays. */
  close: string
}

export const defaultLabels: Labels = { close: "Close" }

const LabelsContext = createContext<Labels>(defaultLabels)

export function DesignSystemLabels({ labels, children }: { labels: Partial<Labels>; children: ReactNode }) {
  const parent = useContext(LabelsContext)
  return <LabelsContext.Provider value={{ ...parent, ...labels }}>{children}</LabelsContext.Provider>
}

export function useLabels(): Labels {
  return useContext(LabelsContext)
}
