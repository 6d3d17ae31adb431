import { createElement } from "react"
import type { ArticleIndex, ArticleList, ArticleView } from "@manyhands/contract/content"
import type { FaqAudience } from "@manyhands/contract/faq"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

type AudienceDatum = "faqCustomer" | "faqDeveloper" | "faqWorker" | "faqWorkerTerms"

/** An audience's FAQ page: its own preloaded list. */
const audienceOf = (audience: FaqAudience, datum: AudienceDatum) =>
  withData([datum], async () => {
    const { FaqAudienceScreen } = await import("./faq-screens")
    return {
      default: (props: RouteDataProps<[AudienceDatum]>) =>
        createElement(FaqAudienceScreen, { audience, list: props[datum] as ArticleList | undefined }),
    }
  })

/**
 * Support (/support, tickets, the help centre and FAQ, the bot and its published conversations), each its own
 * chunk.
 */
export const screens = {
  SupportHome: () => import("./support-home-screen"),
  SupportTickets: withData(["supportTickets"], () => import("./tickets-screen")),
  SupportNewTicket: withData(["supportContext"], () => import("./new-ticket-screen")),
  SupportTicket: withData(["supportTicket"], () => import("./ticket-screen")),
  HelpIndex: withData(["faqIndex"], async () => {
    const { HelpIndexScreen } = await import("./faq-screens")
    return {
      default: (props: RouteDataProps<["faqIndex"]>) =>
        createElement(HelpIndexScreen, { index: props.faqIndex as ArticleIndex | undefined }),
    }
  }),
  FaqCustomer: audienceOf("customer", "faqCustomer"),
  FaqDeveloper: audienceOf("developer", "faqDeveloper"),
  FaqWorker: audienceOf("worker", "faqWorker"),
  FaqWorkerTerms: audienceOf("worker-terms", "faqWorkerTerms"),
  FaqArticle: withData(["faqArticle"], async () => {
    const { FaqArticleScreen } = await import("./faq-screens")
    return {
      default: (props: RouteDataProps<["faqArticle"]>) =>
        createElement(FaqArticleScreen, { article: props.faqArticle as ArticleView | undefined }),
    }
  }),
  SupportBot: () => import("./bot-screen"),
  BotThreads: withData(["botPublished"], () => import("./bot-threads-screen")),
} satisfies Record<string, ScreenEntry>
