/** Browsable OpenAPI reference (Swagger UI from swagger-ui-dist) at GET /v1/docs. */
export function apiReferencePage(): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>Referencia API REST /v1 · Servicio DTE</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/_assets/swagger-ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/_assets/swagger-ui/swagger-ui-bundle.js"></script>
<script>
  window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });
</script>
</body>
</html>`;
}
