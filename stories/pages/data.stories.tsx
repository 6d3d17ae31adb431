import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent } from "storybook/test"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

const [{ default: DataLabelingScreen }, { default: DataServiceScreen }] = await Promise.all([
  screens.DataLabeling(),
  screens.DataService(),
])

const meta = {
  title: "Screens/Data",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** /data: the overview of data labelling. */
export const DataLabeling: Story = {
  render: () => <DataLabelingScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Training data labelled by people and checked before delivery",
    )
    await expect(canvas.getByRole("heading", { name: "How a project runs" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Email support@manyhands.dev" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:support@manyhands\.dev\?subject=/),
    )
    await expect(canvas.getByRole("link", { name: "Satellite imagery annotation" })).toHaveAttribute(
      "href",
      "/data/satellite-imagery-data-annotator",
    )
  },
}

/** /data/bounding-box: breadcrumbs, the COCO example and the links to the other three services. */
export const BoundingBox: Story = {
  render: () => <DataServiceScreen service="bounding-box" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Bounding box annotation")
    const breadcrumbs = canvas.getByRole("navigation", { name: "Breadcrumbs" })
    await expect(breadcrumbs).toHaveTextContent("HomeData labellingBounding box annotation")
    await expect(canvas.getByText("instances_shelves.json")).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Bounding box annotation" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Image annotation" })).toHaveAttribute(
      "href",
      "/data/image-annotation",
    )
  },
}

/** A FAQ answer opens from its question. */
export const BoundingBoxFaq: Story = {
  render: () => <DataServiceScreen service="bounding-box" />,
  play: async ({ canvas }) => {
    const question = canvas.getByRole("button", { name: "Which IoU threshold should we choose?" })
    await userEvent.click(question)
    await expect(question).toHaveAttribute("aria-expanded", "true")
    await expect(canvas.getByText(/0\.5 is the classic detection threshold/)).toBeVisible()
    // The click scrolled the page; the screenshot starts at the top.
    window.scrollTo(0, 0)
  },
}

export const ImageAnnotation: Story = {
  render: () => <DataServiceScreen service="image-annotation" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Image annotation beyond boxes")
    await expect(canvas.getByRole("heading", { name: "Instance segmentation" })).toBeVisible()
  },
}

export const DatasetAnnotation: Story = {
  render: () => <DataServiceScreen service="dataset-annotation" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("End-to-end dataset annotation")
    await expect(canvas.getByRole("heading", { name: "Ontology and versions" })).toBeVisible()
  },
}

export const SatelliteImagery: Story = {
  render: () => <DataServiceScreen service="satellite-imagery-data-annotator" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Satellite imagery annotation")
    await expect(canvas.getByRole("table", { name: "Export formats" })).toHaveTextContent("GeoTIFF")
  },
}
