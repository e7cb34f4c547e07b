// The API docs page (/docs): Swagger UI on /openapi.json. A file, not an inline script, so
// the Content-Security-Policy can refuse every inline script. Options: FastAPI's defaults.
window.ui = window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [window.SwaggerUIBundle.presets.apis, window.SwaggerUIBundle.SwaggerUIStandalonePreset],
});
