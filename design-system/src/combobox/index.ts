export { Combobox, type ComboboxProps, type ComboboxOption } from "./combobox"
