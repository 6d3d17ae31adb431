// Basic form controls; each works alone and inside <Field>.
export * from "./text-input"
export * from "./text-area"
export * from "./select"
export * from "./combobox"
export * from "./checkbox"
export * from "./radio-group"
export * from "./switch"
export * from "./slider"
