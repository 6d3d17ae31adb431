import { Fragment, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { cn } from "@manyhands/design-system"

/** A captcha type's name in the page's language (common:captchaTypes), the code where none is known. */
export function useTypeName(): (type: string) => string {
  const { t } = useTranslation("common")
  return (type) => t(`captchaTypes.${type}`, { defaultValue: type })
}

/** A task as a row names it: its id, and its type's name under it. */
export function TaskCell({ id, type }: { id: string; type?: string }) {
  const typeName = useTypeName()
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-mono text-[0.8125rem]">{id}</span>
      {type ? <span className="text-sm font-normal text-muted-foreground">{typeName(type)}</span> : null}
    </span>
  )
}

/** A main line and a smaller second line under it. */
export function TwoLines({ main, detail }: { main: ReactNode; detail?: ReactNode }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span>{main}</span>
      {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
    </span>
  )
}

/** An error code (ERROR_TOO_BIG_CAPTCHA_FILESIZE) that may wrap after its underscores, and only there. */
export function ErrorCode({
  code,
  as: Tag = "span",
  className,
}: {
  code: string
  as?: "span" | "code"
  className?: string
}) {
  const parts = code.split("_")
  return (
    <Tag className={cn("font-mono text-[0.8125rem]", className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </Tag>
  )
}
