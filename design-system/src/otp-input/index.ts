export { OtpInput, otpCellVariants, type OtpInputProps } from "./otp-input"
