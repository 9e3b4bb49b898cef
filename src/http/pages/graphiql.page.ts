/** GraphiQL playground at GET /graphql (browser). The key goes in the Headers tab. */
export function graphiqlPage(): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>GraphQL · Servicio DTE</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/_assets/graphiql/graphiql.min.css">
<style>body{margin:0;height:100vh}#graphiql{height:100vh}</style>
</head>
<body>
<div id="graphiql">Cargando…</div>
<script src="/_assets/react/react.production.min.js"></script>
<script src="/_assets/react-dom/react-dom.production.min.js"></script>
<script src="/_assets/graphiql/graphiql.min.js"></script>
<script>
  var fetcher = GraphiQL.createFetcher({ url: window.location.pathname });
  var defaultQuery = '# Escriba su llave de API en la pestaña "Headers":\\n# {"Authorization": "Bearer sk_test_..."}\\n\\nquery {\\n  viewer { accountId environment scopes }\\n  emitters(first: 5) { nodes { id nit name } pageInfo { hasNextPage endCursor } }\\n}\\n';
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultHeaders: '{"Authorization": "Bearer sk_test_..."}',
      headerEditorEnabled: true,
      shouldPersistHeaders: true
    })
  );
</script>
</body>
</html>`;
}
