export { Grid, type GridProps, type GridColumns } from "./grid"
