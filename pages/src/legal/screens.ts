import type { ScreenLoader } from "../screen-loader"

/** Screens of this area, by the name route JSON uses. Each import is its own lazily loaded chunk. */
export const screens = {
  LegalDocument: () => import("./legal-document/legal-document-screen"),
} satisfies Record<string, ScreenLoader>
