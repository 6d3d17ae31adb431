// The one way screens build forms: state and validation (useForm), shared checks, the form-level error.
export {
  useForm,
  type FieldBinding,
  type FieldErrors,
  type Form,
  type FormOptions,
  type InputBinding,
} from "./use-form"
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isAppCode,
  isEmail,
  isRecoveryCode,
  passwordProblem,
} from "./validators"
export { FormError } from "./form-error"
export { useRequestOnMount, type RequestState } from "./use-request"
export { CheckboxField, SwitchField } from "./checkbox-field"
