/*
 * The six graph pages of /public_statistics: one screen (StatGraphScreen) under six names, each taking its own
 * route data hook (graphDevprice …) and the captcha catalogue for the type select.
 */
import type { CaptchaType } from "@manyhands/contract/captcha"
import type { StatGraphData } from "@manyhands/contract/statistics"
import { StatGraphScreen } from "./graph-screen"

interface Common {
  captchaTypes?: CaptchaType[]
  /** Times of day in this zone instead of the visitor's (stories fix it). */
  timeZone?: string
}

/** /public_statistics/customer-rate: what customers pay per 1,000 tasks. */
export function CustomerRateScreen({ graphDevprice, ...rest }: Common & { graphDevprice?: StatGraphData }) {
  return <StatGraphScreen graph="devprice" data={graphDevprice} {...rest} />
}

/** /public_statistics/customer-solving-speed: how long a task takes to be solved. */
export function CustomerSolvingSpeedScreen({
  graphDevspeed,
  ...rest
}: Common & { graphDevspeed?: StatGraphData }) {
  return <StatGraphScreen graph="devspeed" data={graphDevspeed} {...rest} />
}

/** /public_statistics/service-load: the share of workers' time spent solving. */
export function ServiceLoadScreen({ graphDevload, ...rest }: Common & { graphDevload?: StatGraphData }) {
  return <StatGraphScreen graph="devload" data={graphDevload} {...rest} />
}

/** /public_statistics/workers-online: how many workers are online. */
export function WorkersOnlineScreen({
  graphDevonline,
  ...rest
}: Common & { graphDevonline?: StatGraphData }) {
  return <StatGraphScreen graph="devonline" data={graphDevonline} {...rest} />
}

/** /public_statistics/waiting-time: how long a worker waits for the next task. */
export function WaitingTimeScreen({ graphWorkspeed, ...rest }: Common & { graphWorkspeed?: StatGraphData }) {
  return <StatGraphScreen graph="workspeed" data={graphWorkspeed} {...rest} />
}

/** /public_statistics/employee-rate: what workers earn per 1,000 answers. */
export function EmployeeRateScreen({ graphWorkprice, ...rest }: Common & { graphWorkprice?: StatGraphData }) {
  return <StatGraphScreen graph="workprice" data={graphWorkprice} {...rest} />
}
