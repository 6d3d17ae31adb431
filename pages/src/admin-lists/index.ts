// What the admins' list screens share: a create form in a card, tabs by status kept in the address, and a
// confirmation dialog (the paged table, the notice of the last change and a row's dialog are page blocks).
export { AdminFormCard, AmountField, CurrencyField, NoteField } from "./admin-form"
// The paged table's words, as the admins' code pages name them (codes/shared/code-parts).
export type { ListLabels } from "../blocks"
export {
  ConfirmDialog,
  ConfirmFrame,
  DialogButtons,
  useLastShown,
  type ConfirmDialogProps,
  type ConfirmFrameProps,
} from "./confirm-dialog"
export { StatusTabs } from "./status-tabs"
export { useStatusFilters, type StatusFilters } from "./use-status-filters"
