// Components of this group are exported here (see CONTRIBUTING.md).
export * from "./money-input"
export * from "./date-range-picker"
export * from "./file-drop"
export * from "./otp-input"
export * from "./search-input"
