import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Card, CardBody, CardHeader, CardTitle } from "@manyhands/design-system"
import { Kbd } from "./panels/panel-kit"

/** The keys of the solving panels, as a card beside the work. */
export function KeyboardHelp({ id }: { id: string }) {
  const { t } = useTranslation("cabinet")
  const rows: [ReactNode, string][] = [
    [<Kbd key="enter">{t("keys.enter")}</Kbd>, t("shortcuts.enter")],
    [<Kbd key="esc">Esc</Kbd>, t("shortcuts.escape")],
    [
      <span key="digits">
        <Kbd>1</Kbd>–<Kbd>9</Kbd>
      </span>,
      t("shortcuts.digits"),
    ],
    [<Kbd key="arrows">{t("keys.arrows")}</Kbd>, t("shortcuts.arrows")],
    [<Kbd key="space">{t("keys.space")}</Kbd>, t("shortcuts.space")],
    [<Kbd key="backspace">{t("keys.backspace")}</Kbd>, t("shortcuts.backspace")],
    [<Kbd key="tab">Tab</Kbd>, t("shortcuts.tab")],
  ]
  return (
    <Card asChild>
      <section aria-labelledby={id}>
        <CardHeader>
          <CardTitle as="h2" id={id}>
            {t("shortcuts.title")}
          </CardTitle>
        </CardHeader>
        <CardBody>
          <dl className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
            {rows.map(([keys, text]) => (
              <div key={text} className="contents">
                <dt className="whitespace-nowrap">{keys}</dt>
                <dd className="text-muted-foreground">{text}</dd>
              </div>
            ))}
          </dl>
        </CardBody>
      </section>
    </Card>
  )
}
