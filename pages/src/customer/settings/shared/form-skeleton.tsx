import { Skeleton, SkeletonGroup } from "@manyhands/design-system"

/** A form's place while its settings load: a label and a control per field, then the button. */
export function FormSkeleton({ fields = 3 }: { fields?: number }) {
  return (
    <SkeletonGroup className="flex max-w-xl flex-col gap-6">
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-10 w-36" />
    </SkeletonGroup>
  )
}
