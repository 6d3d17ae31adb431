// The page blocks every screen builds from, so each thing is done one way on every page.
export { AreaHeader, AreaLayout, type AreaLayoutProps } from "./area-layout"
export { CheckList } from "./check-list"
export { MICRO, useMicroMoney } from "./money"
export { FactsCard, type FactItem } from "./facts-card"
export { FaqSection } from "./faq-section"
export { InlineCode } from "./inline-code"
export { LinkCardGrid, type LinkCardItem } from "./link-card-grid"
export { LinkButton, TextLink, renderRouterLink, type LinkDestination } from "./links"
export { NumberedSteps, type Step } from "./numbered-steps"
export { type PageAction } from "./page-action"
export { PageCta } from "./page-cta"
export { PagedCardGrid, type PagedCardGridProps } from "./paged-card-grid"
export { PagedListSection, type ListLabels, type ListStatus } from "./paged-list-section"
export { PageHero } from "./page-hero"
export { PictureUploads, type PictureUploadsLabels } from "./picture-uploads"
export { SearchSortBar, type SearchSortBarProps } from "./search-sort-bar"
export { NoticeRegion, type Notice } from "./notice-region"
export { Panel } from "./panel"
export { RowDialogButton, actionsColumn, useRowDialog, type RowDialog } from "./row-dialog"
export { SectionHeading } from "./section-heading"
export { SideSection, SplitSection } from "./split-section"
export { TitledSection } from "./titled-section"
export {
  ctaTexts,
  faqItems,
  faqTexts,
  heroTexts,
  iconItems,
  textItems,
  titledItems,
  type Translate,
} from "./texts"
export { oneOf, useAddressFilters, type AddressFilters, type FilterParams } from "./use-address-filters"
