export {
  Field,
  useFieldControl,
  type FieldProps,
  type FieldControlProps,
  type FieldControlOptions,
} from "./field"
