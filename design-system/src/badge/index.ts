export {
  Badge,
  badgeVariants,
  badgeTones,
  type BadgeProps,
  type BadgeTone,
  type BadgeVariant,
  type BadgeSize,
} from "./badge"
