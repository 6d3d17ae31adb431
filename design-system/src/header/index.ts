export { Header, headerVariants, headerNavLinkVariants, type HeaderProps, type HeaderNavItem } from "./header"
export {
  LanguageSwitcher,
  languageSwitcherTriggerVariants,
  type LanguageSwitcherProps,
  type LanguageLink,
} from "./language-switcher"
export { renderAnchor, type RenderNavLink, type NavLinkRenderProps } from "./render-link"
