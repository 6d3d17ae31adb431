export { Field, useFieldControl, type FieldProps, type FieldControlProps } from "./field"
