import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Breadcrumbs,
  EmptyState,
  SearchInput,
  Skeleton,
  DataTable,
  type TableColumn,
} from "@manyhands/design-system"
import { LinkButton, renderRouterLink } from "../blocks"
import { Section } from "../layout/section"
import { NS } from "./doc-screen"

/*
 * /api-docs/reference: every JSON endpoint of the OpenAPI document the server generates from the contract
 * (GET /api/openapi.json), in the site's design — grouped by area, each with its parameters, body fields and
 * answers. The descriptions are the contract's own (English).
 */

type Json = Record<string, unknown>
interface Operation {
  id: string
  method: string
  path: string
  tag: string
  summary: string
  description: string
  params: Field[]
  body: Field[]
  responses: { code: string; description: string }[]
}
interface Field {
  name: string
  where: string
  type: string
  required: boolean
  description: string
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const
const TONES = { get: "info", post: "success", put: "warning", patch: "warning", delete: "danger" } as const

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A schema with its $ref followed (components/schemas). */
function resolve(schema: unknown, document: Json): Json {
  if (!isJson(schema)) return {}
  const ref = schema.$ref
  if (typeof ref !== "string") return schema
  const target = ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (isJson(node) ? node[key] : undefined), document)
  return isJson(target) ? target : {}
}

function typeOf(schema: Json, document: Json): string {
  const own = resolve(schema, document)
  if (Array.isArray(own.enum)) return own.enum.map((value) => JSON.stringify(value)).join(" | ")
  if (own.const !== undefined) return JSON.stringify(own.const)
  const variants = (own.anyOf ?? own.oneOf) as unknown[] | undefined
  if (Array.isArray(variants))
    return variants.map((variant) => typeOf(resolve(variant, document), document)).join(" | ")
  if (own.type === "array") return `${typeOf(resolve(own.items, document), document)}[]`
  return Array.isArray(own.type) ? own.type.join(" | ") : String(own.type ?? "object")
}

function fieldsOf(schema: unknown, where: string, document: Json): Field[] {
  const own = resolve(schema, document)
  const required = new Set(Array.isArray(own.required) ? (own.required as string[]) : [])
  return Object.entries(isJson(own.properties) ? own.properties : {}).map(([name, property]) => {
    const resolved = resolve(property, document)
    return {
      name,
      where,
      type: typeOf(resolved, document),
      required: required.has(name),
      description: typeof resolved.description === "string" ? resolved.description : "",
    }
  })
}

/** The operations of an OpenAPI 3.1 document, in its order. */
export function operationsOf(document: Json): Operation[] {
  const paths = isJson(document.paths) ? document.paths : {}
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = isJson(item) ? item[method] : undefined
      if (!isJson(operation)) return []
      const params = (Array.isArray(operation.parameters) ? operation.parameters : []).map((raw) => {
        const parameter = resolve(raw, document)
        return {
          name: String(parameter.name),
          where: String(parameter.in),
          type: typeOf(resolve(parameter.schema, document), document),
          required: parameter.required === true,
          description: typeof parameter.description === "string" ? parameter.description : "",
        }
      })
      const content = isJson(operation.requestBody) ? operation.requestBody.content : undefined
      const json = isJson(content) ? (content["application/json"] ?? Object.values(content)[0]) : undefined
      const body = isJson(json) ? fieldsOf(json.schema, "body", document) : []
      const responses = Object.entries(isJson(operation.responses) ? operation.responses : {}).map(
        ([code, response]) => ({
          code,
          description:
            isJson(response) && typeof response.description === "string" ? response.description : "",
        }),
      )
      const tags = Array.isArray(operation.tags) ? (operation.tags as string[]) : []
      return [
        {
          id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-"),
          method,
          path,
          tag: tags[0] ?? "other",
          summary: typeof operation.summary === "string" ? operation.summary : "",
          description: typeof operation.description === "string" ? operation.description : "",
          params,
          body: [...body],
          responses,
        },
      ]
    }),
  )
}

function FieldsTable({ fields, caption }: { fields: Field[]; caption: string }) {
  const { t } = useTranslation(NS)
  const columns: TableColumn<Field>[] = [
    {
      key: "name",
      header: t("params.name"),
      rowHeader: true,
      cell: (field) => (
        <code className="font-mono text-sm font-semibold [overflow-wrap:anywhere]">{field.name}</code>
      ),
    },
    { key: "where", header: t("reference.in"), cell: (field) => field.where },
    {
      key: "type",
      header: t("params.type"),
      cell: (field) => <code className="font-mono text-sm">{field.type}</code>,
    },
    {
      key: "required",
      header: t("params.required"),
      cell: (field) => (field.required ? t("params.yes") : t("params.no")),
    },
    { key: "description", header: t("reference.meaning"), cell: (field) => field.description },
  ]
  return (
    <DataTable
      caption={caption}
      captionHidden
      size="sm"
      columns={columns}
      rows={fields}
      getRowId={(field) => `${field.where}-${field.name}`}
    />
  )
}

export interface ApiReferenceScreenProps {
  /** GET /api/openapi.json, preloaded by the route. */
  openapiDocument?: object
}

export function ApiReferenceScreen({ openapiDocument }: ApiReferenceScreenProps) {
  const { t } = useTranslation(NS)
  const [query, setQuery] = useState("")
  if (!openapiDocument)
    return (
      <Section>
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-foreground">{t("reference.title")}</h1>
        <Skeleton className="h-96 w-full" />
      </Section>
    )
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const operations = operationsOf(openapiDocument as Json).filter((operation) =>
    words.every((word) =>
      `${operation.method} ${operation.path} ${operation.summary} ${operation.tag}`
        .toLowerCase()
        .includes(word),
    ),
  )
  const tags = [...new Set(operations.map((operation) => operation.tag))]
  return (
    <Section>
      <Breadcrumbs
        label={t("breadcrumbs")}
        renderLink={renderRouterLink}
        items={[{ label: t("title"), href: "/api-docs" }, { label: t("reference.title") }]}
      />
      <header className="mt-6 flex flex-col gap-3 border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("reference.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("reference.lead")}</p>
        <div role="search" className="flex max-w-md flex-col gap-2">
          <SearchInput
            aria-label={t("reference.search")}
            placeholder={t("reference.placeholder")}
            debounce={150}
            onSearch={setQuery}
          />
          <p role="status" className="text-sm text-muted-foreground">
            {t("reference.count", { count: operations.length })}
          </p>
        </div>
      </header>
      {operations.length === 0 ? (
        <EmptyState
          className="mt-8"
          variant="dashed"
          titleAs="p"
          title={t("reference.none")}
          action={<LinkButton to="/api-docs">{t("notFound.back")}</LinkButton>}
        />
      ) : null}
      <div className="mt-8 flex flex-col gap-10">
        {tags.map((tag) => (
          <section key={tag} aria-labelledby={`reference-${tag}`} className="flex flex-col gap-3">
            <h2 id={`reference-${tag}`} className="text-2xl font-semibold text-foreground">
              {tag}
            </h2>
            {operations
              .filter((operation) => operation.tag === tag)
              .map((operation) => (
                <details
                  key={operation.id}
                  id={operation.id}
                  className="rounded-lg border border-border bg-surface [&[open]>summary]:border-b [&[open]>summary]:border-border"
                >
                  <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3 focus-ring">
                    <Badge tone={TONES[operation.method as keyof typeof TONES]} variant="solid">
                      {operation.method.toUpperCase()}
                    </Badge>
                    <code className="font-mono text-sm font-semibold text-foreground [overflow-wrap:anywhere]">
                      {operation.path}
                    </code>
                    <span className="text-sm text-muted-foreground">{operation.summary}</span>
                  </summary>
                  <div className="flex flex-col gap-4 px-4 py-4 text-sm">
                    {operation.description ? <p>{operation.description}</p> : null}
                    {operation.params.length + operation.body.length > 0 ? (
                      <FieldsTable
                        fields={[...operation.params, ...operation.body]}
                        caption={t("reference.fields", {
                          operation: `${operation.method.toUpperCase()} ${operation.path}`,
                        })}
                      />
                    ) : null}
                    <dl className="flex flex-col gap-1">
                      {operation.responses.map((response) => (
                        <div key={response.code} className="flex gap-3">
                          <dt className="font-mono font-semibold">{response.code}</dt>
                          <dd className="text-muted-foreground">{response.description}</dd>
                        </div>
                      ))}
                    </dl>
                  </div>
                </details>
              ))}
          </section>
        ))}
      </div>
    </Section>
  )
}
