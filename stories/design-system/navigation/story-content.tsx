/**
 * Manyhands content shared by the navigation, layout and marketing stories: the logo, the site's
 * navigation and languages, a cabinet sidebar. Not a story file.
 */
import type { MouseEvent } from "react"
import {
  FileIcon,
  GlobeIcon,
  InfoIcon,
  SearchIcon,
  UploadIcon,
  UserIcon,
  WalletIcon,
  localeNames,
  siteLocales,
  useFormatter,
  type FooterColumn,
  type HeaderNavItem,
  type LanguageLink,
  type RenderNavLink,
  type SidebarSection,
} from "@manyhands/design-system"

/** The Manyhands mark: three raised hands forming an M (as in the app). */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="var(--mh-primary)" />
      <path
        d="M8 23V11.5a1.5 1.5 0 0 1 3 0V17m0-7.5a1.5 1.5 0 0 1 3 0V17m0-5.5a1.5 1.5 0 0 1 3 0V17m0-3.5a1.5 1.5 0 0 1 3 0V19a4 4 0 0 1-4 4h-5"
        fill="none"
        stroke="var(--mh-primary-foreground)"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function Logo() {
  return (
    <a
      href="/"
      className="flex items-center gap-2 rounded-md text-lg font-semibold text-foreground focus-ring"
    >
      <LogoMark />
      Manyhands
    </a>
  )
}

/**
 * What an app passes as `renderLink`: a router link that navigates without a page load. Here it only
 * records the address, so clicking in a story never leaves the story.
 */
export const routerLink: RenderNavLink = ({ href, onClick, ...props }) => (
  <a
    href={href}
    data-router-link=""
    onClick={(event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault()
      onClick?.(event)
    }}
    {...props}
  />
)

export const siteNavigation: HeaderNavItem[] = [
  { label: "Customers", href: "/customers" },
  { label: "Workers", href: "/workers" },
  { label: "API", href: "/api", active: true },
  { label: "Proxies", href: "/proxies" },
  { label: "Blog", href: "/blog" },
]

export const workerNavigation: HeaderNavItem[] = [
  { label: "Solve", href: "/work/solve", active: true },
  { label: "Earnings", href: "/work/earnings" },
  { label: "Rating", href: "/work/rating" },
  { label: "Help", href: "/work/help" },
]

/** Every site language, with the address of the API page in it. */
export const languageLinks: LanguageLink[] = siteLocales.map((locale) => ({
  locale,
  href: locale === "en" ? "/api" : `/${locale}/api`,
}))

export const languageNames = siteLocales.map((locale) => localeNames[locale])

/** The customer's balance, as the app puts it in the header. */
export function BalanceChip({ amount = 12450 }: { amount?: number }) {
  const format = useFormatter()
  return (
    <a
      href="/cabinet/balance"
      className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-surface-muted px-3 text-sm font-semibold tabular-nums text-foreground hover:bg-light-hover focus-ring"
    >
      <WalletIcon size={16} className="text-muted-foreground" />
      <span className="sr-only">Balance:</span>
      {format.money(amount, "USD")}
    </a>
  )
}

/** A stand-in for the app's user menu: the avatar that opens the account menu. */
export function UserMenuButton({ name = "Alex Kim", initials = "AK" }: { name?: string; initials?: string }) {
  return (
    <button
      type="button"
      className="inline-flex size-10 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary hover:bg-alice-blue-hover focus-ring"
    >
      <span aria-hidden="true">{initials}</span>
      <span className="sr-only">Account menu of {name}</span>
    </button>
  )
}

export const footerColumns: FooterColumn[] = [
  {
    title: "Customers",
    links: [
      { label: "Prices", href: "/prices" },
      { label: "Captcha types", href: "/captchas" },
      { label: "Proxies", href: "/proxies" },
      { label: "Software", href: "/software" },
    ],
  },
  {
    title: "Developers",
    links: [
      { label: "API documentation", href: "/docs/api" },
      { label: "2captcha compatibility", href: "/docs/2captcha" },
      { label: "Code samples", href: "/docs/samples" },
      { label: "API status", href: "/status" },
    ],
  },
  {
    title: "Workers",
    links: [
      { label: "Start earning", href: "/workers" },
      { label: "Payouts", href: "/workers/payouts" },
      { label: "Rules", href: "/workers/rules" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", href: "/about" },
      { label: "Blog", href: "/blog" },
      { label: "Affiliate program", href: "/affiliates" },
      { label: "Support", href: "/support" },
    ],
  },
]

export const legalLinks = [
  { label: "Terms of service", href: "/terms" },
  { label: "Privacy policy", href: "/privacy" },
  { label: "Refunds", href: "/refunds" },
]

function DashboardIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </svg>
  )
}

function ChartIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <path d="M4 20h16M7 16v-5M12 16V7M17 16v-8" />
    </svg>
  )
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l8-8M16 7l3 3M14 9l2 2" />
    </svg>
  )
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <path d="M4 5h16v11H9l-5 4z" />
    </svg>
  )
}

/** The customer cabinet: what a customer sees on the left once signed in. */
export const customerSections: SidebarSection[] = [
  {
    title: "Captchas",
    items: [
      { label: "Dashboard", href: "/cabinet", icon: <DashboardIcon /> },
      { label: "Statistics", href: "/cabinet/statistics", icon: <ChartIcon />, active: true },
      { label: "Solved captchas", href: "/cabinet/captchas", icon: <SearchIcon /> },
    ],
  },
  {
    title: "Money",
    items: [
      { label: "Top up balance", href: "/cabinet/top-up", icon: <WalletIcon /> },
      { label: "Payments", href: "/cabinet/payments", icon: <FileIcon /> },
    ],
  },
  {
    title: "Developers",
    items: [
      { label: "API keys", href: "/cabinet/api-keys", icon: <KeyIcon /> },
      {
        label: "Proxies",
        href: "/cabinet/proxies",
        icon: <GlobeIcon />,
        badge: 1,
        badgeLabel: "1 expiring soon",
      },
    ],
  },
  {
    title: "Help",
    items: [
      {
        label: "Support tickets",
        href: "/cabinet/tickets",
        icon: <ChatIcon />,
        badge: 3,
        badgeLabel: "3 unanswered",
      },
      { label: "Documentation", href: "/docs", icon: <InfoIcon /> },
    ],
  },
]

/** The worker cabinet. */
export const workerSections: SidebarSection[] = [
  {
    title: "Work",
    items: [
      { label: "Solve captchas", href: "/work/solve", icon: <SearchIcon />, active: true },
      {
        label: "Labelling tasks",
        href: "/work/labelling",
        icon: <UploadIcon />,
        badge: 12,
        badgeLabel: "12 new",
      },
      { label: "Rating", href: "/work/rating", icon: <ChartIcon /> },
    ],
  },
  {
    title: "Money",
    items: [
      { label: "Earnings", href: "/work/earnings", icon: <WalletIcon /> },
      { label: "Payouts", href: "/work/payouts", icon: <FileIcon /> },
    ],
  },
  {
    title: "Account",
    items: [{ label: "Profile", href: "/work/profile", icon: <UserIcon /> }],
  },
]
