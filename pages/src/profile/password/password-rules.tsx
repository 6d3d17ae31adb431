import { useTranslation } from "react-i18next"
import { CheckIcon, MinusIcon, cn } from "@manyhands/design-system"

export interface PasswordRule {
  id: string
  text: string
  /** null: only the server can tell (the list of common passwords). */
  met: boolean | null
}

/**
 * The rules of a new password, each marked as met while the user types. It sits in the field's hint, so a
 * screen reader reads it with the field, and each mark has words ("done", "not yet") besides its look.
 */
export function PasswordRules({ rules }: { rules: PasswordRule[] }) {
  const { t } = useTranslation("profile")
  return (
    <span className="mt-1 flex flex-col gap-1">
      <span>{t("password.rulesTitle")}</span>
      <span role="list" className="flex flex-col gap-1">
        {rules.map((rule) => (
          <span
            key={rule.id}
            role="listitem"
            data-rule={rule.id}
            data-met={rule.met === null ? undefined : String(rule.met)}
            className={cn("flex items-start gap-2", rule.met && "text-success-text")}
          >
            {rule.met ? (
              <CheckIcon size={16} className="mt-0.5 shrink-0" />
            ) : (
              <MinusIcon size={16} className="mt-0.5 shrink-0" />
            )}
            <span>
              {rule.text}
              {rule.met === null ? null : (
                <span className="sr-only">
                  {" "}
                  ({rule.met ? t("password.ruleMet") : t("password.ruleUnmet")})
                </span>
              )}
            </span>
          </span>
        ))}
      </span>
    </span>
  )
}
