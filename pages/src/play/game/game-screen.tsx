import { useTranslation } from "react-i18next"
import { Skeleton, SkeletonGroup } from "@manyhands/design-system"
import type { PlaySummary } from "@manyhands/contract/play"
import { workerApi, type TrainingData } from "@manyhands/contract/worker"
import { useApi } from "../../api"
import { PlayLayout } from "../play-layout"
import { PracticeGame } from "./practice-game"
import { WorkerGame } from "./worker-game"

/**
 * /play-and-earn/play: a worker solves customers' tasks with the XP of each answer told after it; any other
 * account practises on the public samples and may become a worker.
 */
export default function PlayGameScreen({
  playSummary,
  training,
}: {
  playSummary?: PlaySummary
  training?: TrainingData
}) {
  const { t } = useTranslation("play")
  // A worker's training (which types are open) comes from the worker API, which other accounts may not read.
  const fetched = useApi<TrainingData>(playSummary?.isWorker && !training ? workerApi.training.url() : null)
  if (!playSummary)
    return (
      <PlayLayout page="play" title={t("game.title")} lead={t("game.lead")}>
        <SkeletonGroup className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Skeleton shape="rect" className="h-72" />
          <Skeleton shape="rect" className="h-72" />
        </SkeletonGroup>
      </PlayLayout>
    )
  return playSummary.isWorker ? (
    <WorkerGame summary={playSummary} training={training ?? fetched.data} />
  ) : (
    <PracticeGame />
  )
}
