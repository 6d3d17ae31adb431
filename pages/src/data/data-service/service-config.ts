import type { CodeLanguage } from "@manyhands/design-system"
import type { DataServiceId } from "../data-shared"

/**
 * What each service page shows, as ids of texts under `data:services.<service>.*`. Every section's items are
 * `<section>.items.<id>.title|text` (FAQ: `faq.items.<id>.question|answer`, formats: `formats.rows.<id>.name|contents`).
 */
export interface ServiceConfig {
  useCases: readonly string[]
  how: readonly string[]
  /** A second "how" section where the service needs one (tools, tiles, ontology). */
  extra?: readonly string[]
  quality: readonly string[]
  formats: readonly string[]
  faq: readonly string[]
  example: { language: CodeLanguage; code: string }
}

const cocoBoxes = `{
  "images": [
    { "id": 1, "file_name": "shelf_0142.jpg", "width": 1920, "height": 1080 }
  ],
  "categories": [
    { "id": 1, "name": "bottle", "supercategory": "product" },
    { "id": 2, "name": "price_tag", "supercategory": "label" }
  ],
  "annotations": [
    {
      "id": 1,
      "image_id": 1,
      "category_id": 1,
      "bbox": [412.0, 238.5, 96.0, 301.0],
      "area": 28896.0,
      "iscrowd": 0,
      "segmentation": []
    },
    {
      "id": 2,
      "image_id": 1,
      "category_id": 2,
      "bbox": [405.0, 552.0, 110.0, 42.0],
      "area": 4620.0,
      "iscrowd": 0,
      "segmentation": []
    }
  ]
}`

const cocoPolygon = `{
  "id": 7,
  "image_id": 3,
  "category_id": 4,
  "segmentation": [
    [312.0, 140.5, 388.0, 128.0, 441.5, 196.0, 420.0, 262.5, 330.5, 258.0]
  ],
  "bbox": [312.0, 128.0, 129.5, 134.5],
  "area": 13037.4,
  "iscrowd": 0,
  "attributes": { "occluded": false, "color": "red" }
}`

const textRecord = `{
  "id": "msg-00412",
  "dataset_version": "2.1",
  "text": "Please deliver 3 boxes to Berlin by Friday",
  "label": "order_request",
  "entities": [
    { "start": 15, "end": 16, "label": "QUANTITY" },
    { "start": 26, "end": 32, "label": "CITY" },
    { "start": 36, "end": 42, "label": "DATE" }
  ]
}`

const geoJson = `{
  "type": "FeatureCollection",
  "features": [
    {
      "type": "Feature",
      "properties": {
        "class": "building",
        "change": "new",
        "scene": "scene_0412",
        "tile": "r03_c07"
      },
      "geometry": {
        "type": "Polygon",
        "coordinates": [[
          [4.47921, 51.90512], [4.47968, 51.90512],
          [4.47968, 51.90541], [4.47921, 51.90541],
          [4.47921, 51.90512]
        ]]
      }
    }
  ]
}`

export const serviceConfig: Record<DataServiceId, ServiceConfig> = {
  "bounding-box": {
    useCases: ["retail", "vehicles", "people", "documents"],
    how: ["tight", "occlusion", "truncation", "minSize", "ambiguous"],
    quality: ["iou", "consensus", "review", "tracking"],
    formats: ["coco", "voc", "yolo", "csv"],
    faq: ["threshold", "dense", "rotated", "video", "prelabels"],
    example: { language: "json", code: cocoBoxes },
  },
  "image-annotation": {
    useCases: ["driving", "agriculture", "ecommerce", "pose"],
    how: ["polygons", "semantic", "instance", "keypoints", "classification", "attributes"],
    extra: ["polygon", "brush", "skeleton", "zoom", "prelabels"],
    quality: ["maskIou", "keypoints", "review", "tracking"],
    formats: ["coco", "masks", "voc", "yolo", "csv"],
    faq: ["semanticInstance", "overlap", "schema", "large", "prelabels"],
    example: { language: "json", code: cocoPolygon },
  },
  "dataset-annotation": {
    useCases: ["support", "search", "documents", "voice", "moderation"],
    how: ["classification", "tagging", "ner", "transcription", "ocr"],
    extra: ["ontology", "edgeCases", "versioning", "changes"],
    quality: ["gold", "agreement", "proofreading", "tracking"],
    formats: ["csv", "jsonl", "conll", "transcripts"],
    faq: ["languages", "personal", "ontologyChange", "audio", "existing"],
    example: { language: "json", code: textRecord },
  },
  "satellite-imagery-data-annotator": {
    useCases: ["mapping", "agriculture", "disaster", "infrastructure"],
    how: ["buildings", "roads", "landCover", "change", "obb"],
    extra: ["tiling", "stitching", "georef", "bands"],
    quality: ["iou", "edges", "review", "tracking"],
    formats: ["geojson", "geotiff", "coco", "yoloObb"],
    faq: ["resolution", "clouds", "crs", "rights", "size"],
    example: { language: "json", code: geoJson },
  },
}
