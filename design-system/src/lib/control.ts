/**
 * The look every text-like control shares (TextInput, TextArea, Select trigger, MoneyInput, SearchInput,
 * date fields…), so they line up in a form. Invalid state comes from aria-invalid, which Field sets.
 */
export const controlClasses = [
  "w-full min-w-0 rounded-md border border-border-strong bg-surface text-foreground shadow-sm",
  "placeholder:text-muted-foreground",
  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring focus-visible:border-ring",
  "aria-invalid:border-danger aria-invalid:focus-visible:outline-danger",
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70",
].join(" ")

/** Heights and text sizes of controls, matching Button sizes so a control and a button align. */
export const controlSizes = { md: "h-10 px-3 text-sm", lg: "h-12 px-4 text-base" } as const
