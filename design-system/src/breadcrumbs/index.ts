export { Breadcrumbs, type BreadcrumbsProps, type BreadcrumbItem } from "./breadcrumbs"
