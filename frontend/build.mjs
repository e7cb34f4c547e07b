// Bundle src/editor.js (CodeMirror 6 + Python mode) into dist/editor.js, one self-contained ES module.
// Run by `make frontend` (works from any directory); nothing is fetched at run time.
import { build } from "esbuild";
import { copyFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
const outfile = "dist/editor.js";
await build({
  absWorkingDir: root,
  entryPoints: ["src/editor.js"],
  outfile,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  logLevel: "warning",
});
console.log(`${outfile}: ${(statSync(root + outfile).size / 1024).toFixed(1)} KiB`);

// The API docs page (/docs) uses Swagger UI from npm too, copied as it ships.
for (const name of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
  copyFileSync(`${root}node_modules/swagger-ui-dist/${name}`, `${root}dist/${name}`);
}
console.log("dist/swagger-ui-bundle.js, dist/swagger-ui.css: copied from swagger-ui-dist");
