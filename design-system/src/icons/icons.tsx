import type { ComponentProps, ReactNode } from "react"

export interface IconProps extends Omit<ComponentProps<"svg">, "children"> {
  /** Pixels; icons follow the text colour. @default 16 */
  size?: number
  /** A label makes the icon meaningful to screen readers; without one it is decorative. */
  label?: string
}

/** Line icons on a 24-unit grid, drawn with the current text colour. */
function createIcon(name: string, paths: ReactNode) {
  function Icon({ size = 16, label, ...props }: IconProps) {
    return (
      <svg
        data-icon={name}
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={label ? undefined : true}
        role={label ? "img" : undefined}
        aria-label={label}
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    )
  }
  Icon.displayName = `${name}Icon`
  return Icon
}

export const CloseIcon = /* @__PURE__ */ createIcon("Close", <path d="M6 6l12 12M18 6L6 18" />)
export const CheckIcon = /* @__PURE__ */ createIcon("Check", <path d="M5 12.5l4.5 4.5L19 7.5" />)
export const MinusIcon = /* @__PURE__ */ createIcon("Minus", <path d="M5 12h14" />)
export const PlusIcon = /* @__PURE__ */ createIcon("Plus", <path d="M12 5v14M5 12h14" />)
export const ChevronDownIcon = /* @__PURE__ */ createIcon("ChevronDown", <path d="M6 9l6 6 6-6" />)
export const ChevronUpIcon = /* @__PURE__ */ createIcon("ChevronUp", <path d="M6 15l6-6 6 6" />)
export const ChevronLeftIcon = /* @__PURE__ */ createIcon("ChevronLeft", <path d="M15 6l-6 6 6 6" />)
export const ChevronRightIcon = /* @__PURE__ */ createIcon("ChevronRight", <path d="M9 6l6 6-6 6" />)
export const ArrowUpIcon = /* @__PURE__ */ createIcon("ArrowUp", <path d="M12 19V5M6 11l6-6 6 6" />)
export const ArrowDownIcon = /* @__PURE__ */ createIcon("ArrowDown", <path d="M12 5v14M6 13l6 6 6-6" />)
export const SortIcon = /* @__PURE__ */ createIcon(
  "Sort",
  <path d="M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4" />,
)
export const CopyIcon = /* @__PURE__ */ createIcon(
  "Copy",
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h9" />
  </>,
)
export const EyeIcon = /* @__PURE__ */ createIcon(
  "Eye",
  <>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
)
export const EyeOffIcon = /* @__PURE__ */ createIcon(
  "EyeOff",
  <>
    <path d="M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.6 3.6M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
)
export const SearchIcon = /* @__PURE__ */ createIcon(
  "Search",
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </>,
)
export const InfoIcon = /* @__PURE__ */ createIcon(
  "Info",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
)
export const SuccessIcon = /* @__PURE__ */ createIcon(
  "Success",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l3 3 5-6" />
  </>,
)
export const WarningIcon = /* @__PURE__ */ createIcon(
  "Warning",
  <>
    <path d="M10.3 3.9L2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
)
export const DangerIcon = /* @__PURE__ */ createIcon(
  "Danger",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </>,
)
export const UploadIcon = /* @__PURE__ */ createIcon(
  "Upload",
  <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
)
export const CalendarIcon = /* @__PURE__ */ createIcon(
  "Calendar",
  <>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
)
export const StarIcon = /* @__PURE__ */ createIcon(
  "Star",
  <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
)
export const MenuIcon = /* @__PURE__ */ createIcon("Menu", <path d="M4 7h16M4 12h16M4 17h16" />)
export const MoreIcon = /* @__PURE__ */ createIcon(
  "More",
  <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />,
)
export const ExternalLinkIcon = /* @__PURE__ */ createIcon(
  "ExternalLink",
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
)
export const GlobeIcon = /* @__PURE__ */ createIcon(
  "Globe",
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
)
export const UserIcon = /* @__PURE__ */ createIcon(
  "User",
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20a8 8 0 0 1 16 0" />
  </>,
)
export const WalletIcon = /* @__PURE__ */ createIcon(
  "Wallet",
  <>
    <rect x="3" y="6" width="18" height="14" rx="2" />
    <path d="M3 10h18M16 15h.01" />
  </>,
)
export const FileIcon = /* @__PURE__ */ createIcon(
  "File",
  <>
    <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
    <path d="M14 3v5h5" />
  </>,
)
