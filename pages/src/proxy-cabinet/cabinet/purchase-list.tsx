import { useTranslation } from "react-i18next"
import { DataTable, FileIcon, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { Purchase } from "@manyhands/contract/proxy"
import { useMicroMoney } from "../../blocks"
import { ProxyCard } from "../shared/proxy-card"

/** The traffic bought, newest first: when, which pool, how much and what it cost. */
export function PurchaseList({ purchases }: { purchases: Purchase[] | undefined }) {
  const { t } = useTranslation("proxy-cabinet")
  const format = useFormatter()
  const money = useMicroMoney()
  const columns: TableColumn<Purchase>[] = [
    {
      key: "createdAt",
      header: t("overview.purchases.date"),
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (purchase) => format.dateTime(purchase.createdAt),
    },
    { key: "pool", header: t("overview.purchases.pool"), cell: (purchase) => t(`pools.${purchase.pool}`) },
    {
      key: "gigabytes",
      header: t("overview.purchases.gigabytes"),
      align: "numeric",
      cell: (purchase) => t("overview.purchases.gb", { gigabytes: format.number(purchase.gigabytes) }),
    },
    {
      key: "amount",
      header: t("overview.purchases.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (purchase) => money(purchase.amount, purchase.currency),
    },
  ]
  return (
    <ProxyCard id="proxy-purchases" region={false} title={t("overview.purchases.title")}>
      <DataTable
        caption={t("overview.purchases.title")}
        captionHidden
        columns={columns}
        rows={purchases ?? []}
        getRowId={(purchase) => purchase.id}
        loading={purchases === undefined}
        loadingRows={3}
        size="sm"
        empty={{
          titleAs: "h3",
          icon: <FileIcon />,
          title: t("overview.purchases.emptyTitle"),
          description: t("overview.purchases.emptyText"),
        }}
      />
    </ProxyCard>
  )
}
