/**
 * The outline of each legal document: its sections in order and the blocks of text in each. Texts live in the
 * document's namespace under `sections.<id>`: a paragraph at `sections.<id>.<key>`, a list item at
 * `sections.<id>.<key>.<item>`, a table at `sections.<id>.<key>.caption|columns.<column>|rows.<row>.<column>`.
 */

export type LegalDocumentName = "terms" | "payment-policy" | "privacy"

export type LegalBlock =
  | { kind: "p"; key: string }
  | { kind: "list"; key: string; items: readonly string[] }
  | { kind: "table"; key: string; columns: readonly string[]; rows: readonly string[] }

export interface LegalSection {
  /** Key of the section in the namespace. */
  id: string
  /** The section's `#anchor` in the address. */
  anchor: string
  blocks: readonly LegalBlock[]
}

const p = (key: string): LegalBlock => ({ kind: "p", key })
const list = (key: string, items: readonly string[]): LegalBlock => ({ kind: "list", key, items })
const table = (key: string, columns: readonly string[], rows: readonly string[]): LegalBlock => ({
  kind: "table",
  key,
  columns,
  rows,
})

export const outlines: Record<LegalDocumentName, readonly LegalSection[]> = {
  terms: [
    { id: "introduction", anchor: "introduction", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    {
      id: "definitions",
      anchor: "definitions",
      blocks: [
        p("p1"),
        list("list", [
          "manyhands",
          "service",
          "user",
          "customer",
          "developer",
          "worker",
          "affiliate",
          "task",
          "solved",
          "balance",
          "cabinet",
          "apiKey",
        ]),
      ],
    },
    { id: "accounts", anchor: "accounts", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    {
      id: "acceptableUse",
      anchor: "acceptable-use",
      blocks: [
        p("p1"),
        list("list", [
          "law",
          "siteTerms",
          "fraud",
          "credentials",
          "spam",
          "attacks",
          "harm",
          "content",
          "service",
        ]),
        p("p2"),
      ],
    },
    {
      id: "customers",
      anchor: "customers",
      blocks: [p("p1"), list("list", ["lawful", "data", "limits", "reports", "key"]), p("p2"), p("p3")],
    },
    {
      id: "workers",
      anchor: "workers",
      blocks: [
        p("p1"),
        list("list", ["yourself", "quality", "noBots", "software", "oneAccount", "confidential"]),
        p("p2"),
        p("p3"),
      ],
    },
    {
      id: "affiliates",
      anchor: "affiliates",
      blocks: [p("p1"), list("list", ["noSelf", "noFake", "noSpam", "honest", "brand"]), p("p2")],
    },
    { id: "balance", anchor: "balance", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "refunds", anchor: "refunds", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "payouts", anchor: "payouts", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "suspension", anchor: "suspension", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "ip", anchor: "intellectual-property", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "privacy", anchor: "personal-data", blocks: [p("p1"), p("p2")] },
    { id: "disclaimers", anchor: "disclaimers", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "liability", anchor: "liability", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "changes", anchor: "changes", blocks: [p("p1"), p("p2")] },
    { id: "law", anchor: "governing-law", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "contact", anchor: "contact", blocks: [p("p1"), p("p2")] },
  ],
  "payment-policy": [
    { id: "scope", anchor: "scope", blocks: [p("p1"), p("p2")] },
    { id: "balance", anchor: "balance", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "topups", anchor: "top-ups", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    {
      id: "charges",
      anchor: "charges",
      blocks: [p("p1"), list("list", ["solved", "price", "unsolved", "reported", "other"]), p("p2")],
    },
    { id: "wrongAnswers", anchor: "wrong-answers", blocks: [p("p1"), p("p2")] },
    {
      id: "refunds",
      anchor: "refunds",
      blocks: [
        p("p1"),
        p("p2"),
        p("p3"),
        p("p4"),
        list("list", ["spent", "proxies", "labelling", "promo", "fraud"]),
        p("p5"),
      ],
    },
    { id: "chargebacks", anchor: "chargebacks", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "promo", anchor: "promotional-credit", blocks: [p("p1"), p("p2")] },
    { id: "workerEarnings", anchor: "worker-earnings", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "workerPayouts", anchor: "worker-payouts", blocks: [p("p1"), p("p2"), p("p3"), p("p4")] },
    { id: "verification", anchor: "verification", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "affiliatePayouts", anchor: "affiliate-payouts", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "taxes", anchor: "taxes", blocks: [p("p1"), p("p2")] },
    { id: "fraud", anchor: "fraud", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "changes", anchor: "changes", blocks: [p("p1"), p("p2")] },
    { id: "contact", anchor: "contact", blocks: [p("p1")] },
  ],
  privacy: [
    { id: "introduction", anchor: "introduction", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "controller", anchor: "controller", blocks: [p("p1"), p("p2")] },
    {
      id: "data",
      anchor: "data-we-collect",
      blocks: [
        p("p1"),
        list("list", ["account", "payment", "worker", "affiliate", "tasks", "support", "technical"]),
        p("p2"),
      ],
    },
    { id: "tasks", anchor: "task-content", blocks: [p("p1"), p("p2"), p("p3")] },
    { id: "logs", anchor: "logs", blocks: [p("p1"), p("p2")] },
    {
      id: "cookies",
      anchor: "cookies",
      blocks: [
        p("p1"),
        table(
          "table",
          ["name", "purpose", "lifetime"],
          [
            "session",
            "timezone",
            "cmsReferrer",
            "cmsUtmGet",
            "utm",
            "regReferrer",
            "originalReferer",
            "firstVisitedPage",
            "lastVisitedPage",
            "foreignerNotice",
            "languageBanner",
            "csrf",
          ],
        ),
        p("p2"),
        p("p3"),
      ],
    },
    {
      id: "legalBases",
      anchor: "legal-bases",
      blocks: [p("p1"), list("list", ["contract", "legalObligation", "legitimateInterests", "consent"])],
    },
    {
      id: "retention",
      anchor: "retention",
      blocks: [
        p("p1"),
        list("list", ["account", "payments", "verification", "tasks", "logs", "cookies", "support"]),
        p("p2"),
      ],
    },
    {
      id: "sharing",
      anchor: "sharing",
      blocks: [p("p1"), list("list", ["payments", "infrastructure", "workers", "authorities", "successors"])],
    },
    { id: "transfers", anchor: "transfers", blocks: [p("p1"), p("p2")] },
    {
      id: "rights",
      anchor: "rights",
      blocks: [
        p("p1"),
        list("list", [
          "access",
          "rectification",
          "erasure",
          "restriction",
          "portability",
          "objection",
          "consent",
          "complaint",
        ]),
        p("p2"),
      ],
    },
    {
      id: "security",
      anchor: "security",
      blocks: [p("p1"), list("list", ["passwords", "transport", "access", "logs", "twoFactor"]), p("p2")],
    },
    { id: "automated", anchor: "automated-checks", blocks: [p("p1"), p("p2")] },
    { id: "children", anchor: "children", blocks: [p("p1")] },
    { id: "changes", anchor: "changes", blocks: [p("p1")] },
    { id: "contact", anchor: "contact", blocks: [p("p1")] },
  ],
}
