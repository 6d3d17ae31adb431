import { defineConfig } from "tsup"

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  external: ["react", "react-dom", "react/jsx-runtime"],
  // Radix parts use hooks; keep the directive so React Server Components apps treat the package as client code.
  banner: { js: '"use client";' },
})
