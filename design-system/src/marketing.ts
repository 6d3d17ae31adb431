// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./hero"
export * from "./feature-grid"
export * from "./pricing-table"
export * from "./faq"
export * from "./testimonial"
export * from "./cta-band"
