import * as Accordion from "@radix-ui/react-accordion"
import type { ReactNode } from "react"
import { ChevronDownIcon } from "../icons"
import { cn } from "../lib/cn"

export interface FaqItem {
  /** Stable id, used as the accordion value (defaults to the position). */
  id?: string
  question: ReactNode
  answer: ReactNode
}

interface FaqBaseProps {
  items: FaqItem[]
  /** Level of each question's heading in the page outline. @default 3 */
  headingLevel?: 2 | 3 | 4 | 5 | 6
  className?: string
}

export interface FaqSingleProps extends FaqBaseProps {
  /** One answer open at a time (opening one closes the other). @default "single" */
  type?: "single"
  /** Id of the answer open at first. */
  defaultValue?: string
  value?: string
  onValueChange?: (value: string) => void
}

export interface FaqMultipleProps extends FaqBaseProps {
  /** Any number of answers open at once. */
  type: "multiple"
  /** Ids of the answers open at first. */
  defaultValue?: string[]
  value?: string[]
  onValueChange?: (value: string[]) => void
}

export type FaqProps = FaqSingleProps | FaqMultipleProps

/** Frequently asked questions: each question is a heading with a button that shows its answer. */
export function Faq(props: FaqProps) {
  const { items, headingLevel = 3, className } = props
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4" | "h5" | "h6"
  const content = items.map((item, index) => (
    <Accordion.Item
      key={item.id ?? index}
      value={item.id ?? String(index)}
      data-slot="faq-item"
      className="border-b border-border last:border-b-0"
    >
      <Accordion.Header asChild>
        <Heading className="text-base font-semibold">
          <Accordion.Trigger
            data-slot="faq-question"
            className={cn(
              "group flex w-full items-center justify-between gap-4 rounded-md py-4 text-left text-foreground",
              "transition-colors hover:text-primary focus-ring",
            )}
          >
            <span>{item.question}</span>
            <ChevronDownIcon
              size={20}
              className="shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            />
          </Accordion.Trigger>
        </Heading>
      </Accordion.Header>
      <Accordion.Content
        data-slot="faq-answer"
        className="overflow-hidden pb-4 pr-9 text-sm leading-relaxed text-muted-foreground"
      >
        {item.answer}
      </Accordion.Content>
    </Accordion.Item>
  ))
  const rootClasses = cn("w-full border-y border-border", className)
  if (props.type === "multiple") {
    return (
      <Accordion.Root
        type="multiple"
        data-slot="faq"
        defaultValue={props.defaultValue}
        value={props.value}
        onValueChange={props.onValueChange}
        className={rootClasses}
      >
        {content}
      </Accordion.Root>
    )
  }
  return (
    <Accordion.Root
      type="single"
      collapsible
      data-slot="faq"
      defaultValue={props.defaultValue}
      value={props.value}
      onValueChange={props.onValueChange}
      className={rootClasses}
    >
      {content}
    </Accordion.Root>
  )
}
