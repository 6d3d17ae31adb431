import { useTranslation } from "react-i18next"
import { Alert, Skeleton, SkeletonGroup } from "@manyhands/design-system"
import type { PlaySummary } from "@manyhands/contract/play"
import { workerApi, type TrainingData } from "@manyhands/contract/worker"
import { useApi } from "../../api"
import { TextLink } from "../../blocks"
import { TrainingBody, useTrainingLead } from "../../worker/training/training-screen"
import { WORKER_PAGES } from "../../worker/worker-layout"
import { PlayLayout } from "../play-layout"
import { WorkerInvitation } from "../play-parts"

/**
 * /play-and-earn/training: the cabinet's training itself (the same body as /cabinet/training, not a copy) in the
 * hub's frame, with what training gives in the hub: XP for right answers, no money, and the type opened in
 * the cabinet and the game. An account that is not a worker's is invited to practise and become one.
 */
export default function PlayTrainingScreen({
  training,
  playSummary,
}: {
  training?: TrainingData
  playSummary?: PlaySummary
}) {
  const { t } = useTranslation("play")
  // The worker API's training, read only for a worker (other accounts may not read it).
  const fetched = useApi<TrainingData>(playSummary?.isWorker && !training ? workerApi.training.url() : null)
  const workerLead = useTrainingLead(training ?? fetched.data)
  if (!playSummary || !playSummary.isWorker)
    return (
      <PlayLayout page="training" title={t("training.title")} lead={t("training.lead")}>
        {playSummary ? (
          <WorkerInvitation />
        ) : (
          <SkeletonGroup className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((card) => (
              <Skeleton key={card} shape="rect" className="h-44" />
            ))}
          </SkeletonGroup>
        )}
      </PlayLayout>
    )
  return (
    <PlayLayout
      page="training"
      title={t("training.title")}
      lead={workerLead}
      rewardsWaiting={playSummary.rewardsWaiting}
    >
      <Alert tone="info" title={t("training.noteTitle")}>
        {t("training.note")} <TextLink to={WORKER_PAGES.cabinet.href}>{t("training.toCabinet")}</TextLink>
      </Alert>
      <TrainingBody training={training ?? fetched.data} />
    </PlayLayout>
  )
}
