// What the admins' list screens share: a create form in a card, a notice of the last change, tabs by status kept
// in the address (the paged table itself is the PagedListSection block), and a row's action that asks first in a
// dialog.
export { AdminFormCard, AmountField, CurrencyField, NoteField } from "./admin-form"
// The paged table's words, as the admins' code pages name them (codes/shared/code-parts).
export type { ListLabels } from "../blocks"
export { ConfirmDialog, DialogButtons, useLastShown, type ConfirmDialogProps } from "./confirm-dialog"
export { NoticeRegion, type Notice } from "./notice-region"
export { RowDialogButton, actionsColumn, useRowDialog, type RowDialog } from "./row-dialog"
export { StatusTabs } from "./status-tabs"
export { useStatusFilters, type StatusFilters } from "./use-status-filters"
