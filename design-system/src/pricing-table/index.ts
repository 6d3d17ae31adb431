export {
  PricingTable,
  PriceList,
  pricingTierVariants,
  type PricingTableProps,
  type PricingTier,
  type PriceListProps,
  type PriceListRow,
  type PricingAmount,
} from "./pricing-table"
