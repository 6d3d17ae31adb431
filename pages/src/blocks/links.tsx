import type { ComponentProps, ReactNode } from "react"
import { Link as RouterLink } from "react-router"
import { Button, Link, type ButtonVariant, type RenderNavLink } from "@manyhands/design-system"

/**
 * For design-system components that take a `renderLink` prop (Breadcrumbs): their links go through the router,
 * so moving between pages stays in the browser.
 */
export const renderRouterLink: RenderNavLink = ({ href, ...props }) => <RouterLink to={href} {...props} />

/** Where a link leads: a route of the site (`to`), or any other address (`href`: #anchor, mailto:, https:). */
export type LinkDestination = { to: string; href?: never } | { href: string; to?: never }

/** The router's link for a route, a plain anchor for anything else. */
function AnyLink({ to, href, ...props }: LinkDestination & Omit<ComponentProps<"a">, "href">) {
  return to !== undefined ? <RouterLink to={to} {...props} /> : <a href={href} {...props} />
}

/** A link inside running text: the design system's text link, so every page underlines links the same way. */
export function TextLink({ children, ...target }: LinkDestination & { children?: ReactNode }) {
  return (
    <Link asChild>
      <AnyLink {...target}>{children}</AnyLink>
    </Link>
  )
}

/** A large button that leads somewhere: a page's main actions. It is a link, so it says where it goes. */
export function LinkButton({
  variant = "primary",
  children,
  ...target
}: LinkDestination & { variant?: ButtonVariant; children: ReactNode }) {
  return (
    <Button asChild size="lg" variant={variant}>
      <AnyLink {...target}>{children}</AnyLink>
    </Button>
  )
}
