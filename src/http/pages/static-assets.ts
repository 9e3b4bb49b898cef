import { dirname, join } from 'node:path';
import express, { type Router } from 'express';

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** Playground and reference assets served from installed npm packages (never from a CDN). */
export function staticAssetsRouter(): Router {
  const router = express.Router();
  const opts = { immutable: true, maxAge: '1d', index: false } as const;
  router.use('/_assets/graphiql', express.static(packageDir('graphiql'), opts));
  router.use('/_assets/react', express.static(join(packageDir('react'), 'umd'), opts));
  router.use('/_assets/react-dom', express.static(join(packageDir('react-dom'), 'umd'), opts));
  router.use('/_assets/swagger-ui', express.static(packageDir('swagger-ui-dist'), opts));
  return router;
}
