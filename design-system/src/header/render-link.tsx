import type { ComponentProps, ReactElement } from "react"

/** What a navigation component hands to `renderLink`: an anchor's props with a required `href`. */
export interface NavLinkRenderProps extends ComponentProps<"a"> {
  href: string
}

/**
 * Renders one navigation link. The design system knows nothing of routing: an app passes its router's
 * link, e.g. `renderLink={({ href, ...props }) => <Link to={href} {...props} />}`. The element must pass
 * every prop (className, aria-current, onClick, lang…) on to the `<a>` it renders.
 */
export type RenderNavLink = (props: NavLinkRenderProps) => ReactElement

/** A plain `<a>`: the default when no `renderLink` is given. */
export const renderAnchor: RenderNavLink = (props) => <a {...props} />
