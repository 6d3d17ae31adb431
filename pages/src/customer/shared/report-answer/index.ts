export {
  ReportAnswer,
  withReport,
  type ReportAnswerProps,
  type ReportLayout,
  type ReportableTask,
} from "./report-answer"
