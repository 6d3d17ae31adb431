// What the admins' list screens share: a create form in a card, a notice of the last change, a paged table by
// status kept in the address, and a row's action that asks first in a dialog.
export { AdminFormCard, AmountField, CurrencyField, NoteField } from "./admin-form"
export { AdminPagedTable, type ListLabels } from "./admin-paged-table"
export { ConfirmDialog, DialogButtons, useLastShown, type ConfirmDialogProps } from "./confirm-dialog"
export { NoticeRegion, type Notice } from "./notice-region"
export { RowDialogButton, actionsColumn, useRowDialog, type RowDialog } from "./row-dialog"
export { StatusTabs } from "./status-tabs"
export { useStatusFilters, type StatusFilters } from "./use-status-filters"
